// Colour arithmetic for the brand tokens. lightningcss (Vite's CSS engine, already in the tree) reads any
// CSS colour and resolves relative colours into oklch and sRGB, gamut-mapped as CSS Color 4 says; `color`
// names the hex and measures WCAG 2's contrast ratio.
import Color from 'color';
import { transform } from 'lightningcss';

/** A colour in oklch: lightness 0–1, chroma, hue in degrees. */
export interface Oklch {
  l: number;
  c: number;
  h: number;
}

/** WCAG AA for text: 4.5:1. */
export const AA = 4.5;

/** What lightningcss makes of `a { color: <expression> }` for a browser of that Chrome version. */
function resolve(expression: string, chrome: number): string | undefined {
  try {
    const code = transform({
      filename: 'colour.css',
      code: Buffer.from(`a{color:${expression}}`),
      minify: true,
      targets: { chrome: chrome << 16 },
    });
    return /^a\{color:([^;]*)\}$/.exec(code.code.toString())?.[1];
  } catch {
    return undefined;
  }
}

const NUMBER = String.raw`(-?[\d.]+(?:e-?\d+)?|none)`;
const OKLCH = new RegExp(String.raw`^oklch\(${NUMBER}%\s+${NUMBER}\s+${NUMBER}\)$`);

/** Any opaque CSS colour (`oklch(0.6 0.1 185)`, `#1b9388`, `teal`) in oklch; undefined when it is not one. */
export function parseColor(css: string): Oklch | undefined {
  if (!css.trim() || /[;{}]/.test(css)) return undefined;
  // With its alpha: a see-through colour resolves with `/ alpha`, and OKLCH does not match it.
  const match = OKLCH.exec(resolve(`oklch(from ${css} l c h / alpha)`, 120) ?? '');
  if (!match) return undefined;
  const [l, c, h] = match.slice(1).map((n) => (n === 'none' ? 0 : Number(n))) as [number, number, number];
  return { l: l / 100, c, h };
}

const round = (n: number, digits: number) => Number(n.toFixed(digits));

/** The way src/styles.css writes a colour: `oklch(0.6 0.1 185)`. */
export function formatOklch({ l, c, h }: Oklch, alpha?: string): string {
  const hue = c < 0.0005 ? 0 : round(h, 1);
  return `oklch(${round(l, 3)} ${round(c, 3)} ${hue}${alpha ? ` / ${alpha}` : ''})`;
}

/** The colour's sRGB hex, for what cannot read oklch (icons, e-mail clients, the manifest). */
export function toHex(css: string): string {
  const rgb = resolve(`rgb(from ${css} r g b)`, 80);
  if (!rgb) throw new Error(`not a colour: ${css}`);
  return Color(rgb).hex().toLowerCase();
}

export const contrast = (a: string, b: string) => Color(toHex(a)).contrast(Color(toHex(b)));

/** The text colour on a brand background with the most contrast, the theme's near-white or near-black first. */
export function foregroundOn(background: string): { color: string; ratio: number } {
  const candidates = ['oklch(0.985 0 0)', 'oklch(0.145 0 0)', 'oklch(1 0 0)', 'oklch(0 0 0)'].map((color) => ({
    color,
    ratio: contrast(color, background),
  }));
  const [white, black, pureWhite, pureBlack] = candidates as [
    (typeof candidates)[0],
    (typeof candidates)[0],
    (typeof candidates)[0],
    (typeof candidates)[0],
  ];
  const near = white.ratio >= black.ratio ? white : black;
  if (near.ratio >= AA) return near;
  return pureWhite.ratio >= pureBlack.ratio ? pureWhite : pureBlack;
}

/** The brand's hue and chroma at the nearest lightness that reads at 4.5:1 on the page's background. */
export function textOn(brand: Oklch, background: string, tint?: number, others: readonly string[] = []): { color: string; ratio: number } {
  // Brand text sits on the page, on cards and the sidebar (`others`), and on the brand's own tint over them (an
  // accent badge, the sidebar's current item: `bg-brand/10`, `dark:bg-brand/25`), which a browser blends in
  // sRGB: it reads on every one, or it is not kept.
  const plain = [background, ...others];
  const surfaces = [...plain, ...(tint ? plain.map((surface) => tintOver(formatOklch(brand), surface, tint)) : [])];
  const worst = (color: string) => Math.min(...surfaces.map((surface) => contrast(color, surface)));
  const darker = contrast('oklch(0 0 0)', background) >= contrast('oklch(1 0 0)', background);
  for (let step = 0; step <= 100; step++) {
    const l = Math.min(1, Math.max(0, brand.l + (darker ? -step : step) * 0.01));
    const color = formatOklch({ ...brand, l });
    const ratio = worst(color);
    if (ratio >= AA) return { color, ratio };
  }
  const end = darker ? 'oklch(0 0 0)' : 'oklch(1 0 0)';
  return { color: end, ratio: worst(end) };
}

/** `colour` at `amount` (0–1) over `background`, as a browser composites a see-through colour: in sRGB. */
export function tintOver(colour: string, background: string, amount: number): string {
  return Color(toHex(colour))
    .mix(Color(toHex(background)), 1 - amount)
    .hex()
    .toLowerCase();
}
