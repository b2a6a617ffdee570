// Pure: no file system, no network (src/server/env.ts parses STORAGE_URL with it).
export type StorageConfig =
  | { kind: 'local'; dir: string | null }
  | { kind: 's3'; bucket: string; endpoint: string | undefined; region: string; forcePathStyle: boolean };

const EXAMPLE = 's3://bucket?endpoint=https://s3.example.com&region=us-east-1';

/** Throws an Error whose message names STORAGE_URL. */
export function parseStorageUrl(value: string | undefined, dataDir: string): StorageConfig {
  if (!value) return { kind: 'local', dir: dataDir === 'memory://' ? null : `${dataDir.replace(/\/+$/, '')}/uploads` };
  const bad = (why: string) => new Error(`STORAGE_URL ${why} (like ${EXAMPLE})`);
  if (!URL.canParse(value)) throw bad('must be a URL');
  const url = new URL(value);
  if (url.protocol !== 's3:') throw bad('must start with s3://');
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw bad('must name a bucket');
  if (url.pathname && url.pathname !== '/') throw bad('must not have a path');
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !(URL.canParse(endpoint) && ['http:', 'https:'].includes(new URL(endpoint).protocol))) {
    throw bad('endpoint must be an http(s) URL');
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw bad('region must be a region name');
  // Most S3-compatible servers (MinIO, Garage, s3rver…) want the bucket in the path.
  const style = url.searchParams.get('pathStyle');
  if (style !== null && style !== 'true' && style !== 'false') throw bad("pathStyle must be 'true' or 'false'");
  return { kind: 's3', bucket, endpoint, region, forcePathStyle: style === null ? endpoint !== undefined : style === 'true' };
}

export const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
