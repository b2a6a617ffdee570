// The product's mark, drawn once: the logo (src/components/logo-mark.tsx), the API reference's bar, and every
// icon the build makes from it (scripts/brand-assets.ts). A fork draws its own mark here.
import { identity } from './identity.ts';

/** The glyph, in a 64 × 64 box. */
export const MARK_PATH = 'M14 44h36v6H14zM20 36l12-22 12 22z';

interface MarkOptions {
  /** Rounded corners (the favicon, the logo); square for icons a platform crops (maskable, Apple's). */
  rounded?: boolean;
  /** How much of the box the glyph fills: 1, or 0.8 to keep a maskable icon's glyph in its safe zone. */
  scale?: number;
  background?: string;
  foreground?: string;
}

/** The mark as an SVG document, in the light theme's brand colours. */
export function markSvg({
  rounded = true,
  scale = 1,
  background = identity.brand.light.hex,
  foreground = identity.brand.light.foregroundHex,
}: MarkOptions = {}) {
  const glyph = scale === 1 ? '' : ` transform="translate(${32 * (1 - scale)} ${32 * (1 - scale)}) scale(${scale})"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"${rounded ? ' rx="14"' : ''} fill="${background}"/><path d="${MARK_PATH}" fill="${foreground}"${glyph}/></svg>`;
}
