// The database keeps the 256-pixel copy's URL; the 64 and 768 copies sit beside it, for `srcset`.
const STORED = /^(\/uploads\/[a-z]+\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+)-256\.webp$/;
const WIDTHS = [64, 256, 768] as const;

export function imageSources(url: string): { src: string; srcSet?: string } {
  const stem = STORED.exec(url)?.[1];
  if (!stem) return { src: url };
  return { src: url, srcSet: WIDTHS.map((w) => `${stem}-${w}.webp ${w}w`).join(', ') };
}
