import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '#/server/env.ts';
import { S3Storage } from '#/server/storage/s3-storage.ts';
import { storage } from '#/server/storage/storage.ts';
import { S3_BUCKET, startS3Server } from '../../../tests/support/s3-server.ts';
import { imagesApiSuite } from '../../../tests/support/images-api-suite.ts';

process.env.UPLOAD_MAX_PIXELS = '1000000';
let server: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  server = await startS3Server();
});
afterAll(async () => server?.stop());
imagesApiSuite();

describe('the S3 storage', () => {
  it('is the one in use, and keeps the objects in the bucket', async () => {
    expect(env().storage).toEqual({
      kind: 's3',
      bucket: S3_BUCKET,
      endpoint: `http://127.0.0.1:${server.port}`,
      region: 'us-east-1',
      forcePathStyle: true,
    });
    const files = await storage();
    expect(files).toBeInstanceOf(S3Storage);
    await files.put('users/someone/abc-64.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    const listed = await new S3Client({ region: 'us-east-1', endpoint: `http://127.0.0.1:${server.port}`, forcePathStyle: true }).send(
      new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: 'users/someone/' }),
    );
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['users/someone/abc-64.webp']);
    await files.deletePrefix('users/someone/');
    expect(await files.get('users/someone/abc-64.webp')).toBe(null);
  });
});
