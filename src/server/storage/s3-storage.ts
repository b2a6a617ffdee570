// Credentials come from the SDK's own chain. The bucket stays private: the app serves objects at /uploads.
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from './storage-config.ts';
import { isKey, type Storage, type StoredObject } from './storage-keys.ts';
import { inSpan } from '../tracing.ts';

export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: Extract<StorageConfig, { kind: 's3' }>) {
    this.bucket = config.bucket;
    this.client = new S3Client({ region: config.region, endpoint: config.endpoint, forcePathStyle: config.forcePathStyle });
    // Each call in a span of its own when tracing is on (src/server/tracing.ts).
    this.client.middlewareStack.add(
      (next, context) => (args) => inSpan(`S3 ${context.commandName ?? 'call'}`, { 'aws.s3.bucket': this.bucket }, () => next(args)),
      { step: 'initialize', name: 'appTracing' },
    );
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    if (!isKey(key)) throw new Error(`Not a storage key: ${key}`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isKey(key)) return null;
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return null;
      return { body: out.Body.transformToWebStream(), size: out.ContentLength, contentType: out.ContentType ?? 'image/webp' };
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    const own = keys.filter(isKey);
    if (!own.length) return;
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: own.map((Key) => ({ Key })), Quiet: true } }),
    );
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!/^[a-z]+\/[A-Za-z0-9_-]{1,100}\/$/.test(prefix)) throw new Error(`Not a storage folder: ${prefix}`);
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      await this.delete((page.Contents ?? []).map((o) => o.Key ?? ''));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
