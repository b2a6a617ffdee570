// s3rver on a free port; the environment is set before anything reads it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const S3_BUCKET = 'app-test';

export async function startS3Server() {
  const directory = await mkdtemp(path.join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: S3_BUCKET }] });
  const { port } = await server.run();
  process.env.STORAGE_URL = `s3://${S3_BUCKET}?endpoint=http://127.0.0.1:${port}&region=us-east-1`;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  return {
    port,
    directory,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
