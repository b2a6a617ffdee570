// Re-encoding drops every byte of the original (EXIF location, trailing payloads, profiles); only the
// re-encoded copies are kept. The type is read from the bytes: never SVG, never a polyglot.
import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS, type ImageWidth } from './pictures.ts';

export type ImageShape = 'square' | 'cover';
const heightFor = (shape: ImageShape, width: number) => (shape === 'square' ? width : Math.round(width * 1.5));

export type ImageRefusalCode = 'IMAGE_TYPE_REFUSED' | 'IMAGE_TOO_LARGE' | 'IMAGE_TOO_MANY_PIXELS' | 'IMAGE_DIMENSIONS_REFUSED';
export const REFUSAL_STATUS: Record<ImageRefusalCode, 413 | 415 | 422> = {
  IMAGE_TYPE_REFUSED: 415,
  IMAGE_TOO_LARGE: 413,
  IMAGE_TOO_MANY_PIXELS: 422,
  IMAGE_DIMENSIONS_REFUSED: 422,
};

export const MAX_SIDE = 16_384;
export const MAX_ASPECT_RATIO = 10;

export class ImageRefusal extends Error {
  override name = 'ImageRefusal';
  readonly code: ImageRefusalCode;
  constructor(code: ImageRefusalCode) {
    super(code);
    this.code = code;
  }
}

export interface ImageLimits {
  maxBytes: number;
  maxPixels: number;
}

type Format = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

function sniffFormat(bytes: Uint8Array): Format | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 8) === 'ftyp' && ['avif', 'avis'].includes(ascii(bytes, 8, 12))) return 'avif';
  return undefined;
}

/** Markup inside the bytes marks a polyglot (an image and a page at once): refused, so the sender knows. */
const MARKUP = /<(script|svg|html|body|iframe|object|embed|\?php)[\s/>]/i;

/** AVIF is a HEIF container. */
function decodedAs(metadata: Metadata): Format | undefined {
  if (metadata.format === 'heif') return metadata.compression === 'av1' ? 'avif' : undefined;
  return (['jpeg', 'png', 'webp', 'gif'] as const).find((f) => f === metadata.format);
}

/** Without decoding the pixels. */
async function checkImage(bytes: Uint8Array, limits: ImageLimits): Promise<{ format: Format; width: number; height: number }> {
  if (bytes.byteLength > limits.maxBytes) throw new ImageRefusal('IMAGE_TOO_LARGE');
  const format = sniffFormat(bytes);
  if (!format || MARKUP.test(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'))) {
    throw new ImageRefusal('IMAGE_TYPE_REFUSED');
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefusal('IMAGE_TYPE_REFUSED');
  }
  if (decodedAs(metadata) !== format || !metadata.width || !metadata.height) throw new ImageRefusal('IMAGE_TYPE_REFUSED');
  const { width } = metadata;
  const height = metadata.pageHeight ?? metadata.height;
  if (width * height > limits.maxPixels) throw new ImageRefusal('IMAGE_TOO_MANY_PIXELS');
  if (Math.max(width, height) > MAX_SIDE || Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height)) {
    throw new ImageRefusal('IMAGE_DIMENSIONS_REFUSED');
  }
  return { format, width, height };
}

/** So a burst of uploads cannot take every core and its memory. */
const DECODES_AT_ONCE = 2;
let decoding = 0;
const waiting: Array<() => void> = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (decoding < DECODES_AT_ONCE) decoding++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else decoding--;
  }
}

export interface EncodedImage {
  width: ImageWidth;
  data: Buffer;
}

export async function processImage(bytes: Uint8Array, shape: ImageShape, limits: ImageLimits): Promise<EncodedImage[]> {
  await checkImage(bytes, limits);
  const largest = Math.max(...IMAGE_WIDTHS);
  try {
    // Decoded once straight to the largest copy (JPEG and WebP shrink while they load): the full-size
    // pixels are never held in one buffer.
    const { data, info } = await inTurn(() =>
      sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' })
        .rotate()
        .resize({ width: largest, height: heightFor(shape, largest), fit: 'cover', position: 'attention' })
        .raw()
        .toBuffer({ resolveWithObject: true }),
    );
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    return await Promise.all(
      IMAGE_WIDTHS.map(async (width) => ({
        width,
        // No withMetadata(): sharp writes none of the original's metadata.
        data: await sharp(data, raw)
          .resize({ width, height: heightFor(shape, width), fit: 'cover' })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
  } catch {
    // Truncated or corrupt pixels behind a good header: the client sent a bad file.
    throw new ImageRefusal('IMAGE_TYPE_REFUSED');
  }
}
