// Decompression bombs: a small PNG declaring ~40 million pixels in one row or column is refused from its header.
import { once } from 'node:events';
import { createDeflate, crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHttpPipeline } from '#/server/http/pipeline.ts';
import { handleImagesRequest } from '#/server/storage/upload-handler.ts';
import { ORIGIN, authApi, signIn } from '../../../tests/support/api.ts';

delete process.env.UPLOAD_MAX_PIXELS;

/** All-zero rows deflate to almost nothing. */
async function blackPng(width: number, height: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = once(deflate, 'end');
  const zeros = Buffer.alloc(1 << 20);
  for (let left = height * (1 + 3 * width); left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await once(deflate, 'drain');
  }
  deflate.end();
  await ended;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('picture bombs', () => {
  let pipeline: (request: Request) => Promise<Response>;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    pipeline = createHttpPipeline(handleImagesRequest);
    cookie = await signIn('user@example.com');
    userId = (await authApi<{ user: { id: string } }>('GET', '/get-session', { cookie })).body.user.id;
  });

  it('F2: refuses a 40 000 000 × 1 and a 1 × 39 999 999 PNG from their headers, fast, translated, with no decode’s memory', async () => {
    const wide = await blackPng(40_000_000, 1);
    const tall = await blackPng(1, 39_999_999);
    expect(wide.length).toBeLessThan(200_000);
    expect(tall.length).toBeLessThan(200_000);

    const upload = async (bytes: Buffer) => {
      const started = performance.now();
      const res = await pipeline(
        new Request(`${ORIGIN}/api/images/users/${userId}`, {
          method: 'PUT',
          headers: { origin: ORIGIN, cookie: `${cookie}; i18next=fr`, 'content-type': 'image/png' },
          body: new Uint8Array(bytes),
        }),
      );
      return { status: res.status, body: (await res.json()) as unknown, ms: performance.now() - started };
    };

    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
    const answers = [await upload(wide), await upload(tall), ...(await Promise.all([wide, wide, wide, wide].map(upload)))];
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());

    expect((peak - before) / 1024 / 1024, 'MB of resident memory added').toBeLessThan(300);
    for (const [i, answer] of answers.entries()) {
      expect(answer.ms, `upload ${i + 1}: ms`).toBeLessThan(1000);
      expect({ status: answer.status, body: answer.body }, `upload ${i + 1}`).toEqual({
        status: 422,
        body: {
          code: 'IMAGE_DIMENSIONS_REFUSED',
          message: "Cette image est trop longue ou trop étroite : chaque côté peut faire au plus 16384 pixels, et au plus 10 fois l'autre.",
        },
      });
    }
  });
});
