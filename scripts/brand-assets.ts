// The web manifest and every icon, made from the product's identity (src/lib/identity.ts) and its mark
// (src/lib/brand-mark.ts) with sharp: at build by vite.config.ts (brandAssets, into dist/client), served from
// memory by the dev server, and by `npm run rebrand` to show what it made. Nothing here is committed, so a
// new name or colour cannot leave a stale icon behind.
import sharp from 'sharp';
import { markSvg } from '../src/lib/brand-mark.ts';
import { identity } from '../src/lib/identity.ts';

interface Asset {
  type: string;
  source: () => Promise<Buffer>;
}

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO holding one PNG (read by every browser since Windows Vista's format): a 6-byte header and one 16-byte entry. */
async function ico(size: number) {
  const image = await png(markSvg(), size);
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // where the image starts
  return Buffer.concat([header, image]);
}

function manifest() {
  return {
    name: identity.name,
    short_name: identity.shortName,
    description: identity.description,
    id: '/',
    start_url: '/login',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#ffffff',
    theme_color: identity.brand.light.hex,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Each file by its path under the site's root. */
export const brandAssets: Record<string, Asset> = {
  'manifest.webmanifest': {
    type: 'application/manifest+json',
    source: async () => Buffer.from(`${JSON.stringify(manifest(), null, 2)}\n`),
  },
  'favicon.svg': { type: 'image/svg+xml', source: async () => Buffer.from(markSvg()) },
  'favicon.ico': { type: 'image/x-icon', source: () => ico(32) },
  'icon-192.png': { type: 'image/png', source: () => png(markSvg(), 192) },
  'icon-512.png': { type: 'image/png', source: () => png(markSvg(), 512) },
  // The platform crops these: a full square, and the glyph inside a maskable icon's safe zone (80 %).
  'icon-maskable-512.png': { type: 'image/png', source: () => png(markSvg({ rounded: false, scale: 0.8 }), 512) },
  'apple-touch-icon.png': { type: 'image/png', source: () => png(markSvg({ rounded: false }), 180) },
};
