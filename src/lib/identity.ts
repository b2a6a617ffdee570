// The product's identity: the one file a fork edits to name itself (docs/guides/theming.md). Pure data,
// importing nothing, so that the pages, the server, the scripts and vite.config.ts all read it. Everything a
// person, a mail client, a browser or an integrator sees derives from it: page titles, the logo, e-mails,
// the web manifest and the icons (made at build), the API reference, passkeys, the data export's file name,
// the webhooks' user agent, the start-up banner, the container image's labels.
// `npm run rebrand` rewrites this file and the brand tokens in src/styles.css; tests/identity.test.ts fails
// when the two disagree or a colour misses 4.5:1.
interface BrandColour {
  /** The token's value, in oklch. */
  readonly color: string;
  readonly hex: string;
  /** Text on the brand colour, at 4.5:1 or more. */
  readonly foreground: string;
  readonly foregroundHex: string;
}

/** Strings, not literal types: code comparing them still type-checks after a rebrand. */
interface Identity {
  readonly name: string;
  readonly shortName: string;
  readonly description: string;
  readonly contactEmail: string;
  readonly docsUrl: string;
  readonly brand: { readonly light: BrandColour; readonly dark: BrandColour };
}

export const identity: Identity = {
  name: 'Springboard',
  shortName: 'Springboard',
  description: 'Full-stack TypeScript + React starter: passwordless sign-in, books catalogue, admin manager.',
  /** Where people write to (the demo dialog's address unless DEMO_CONTACT_EMAIL is set). */
  contactEmail: 'contact@example.com',
  /** The documentation's address (the demo dialog's link unless DOCS_URL is set). */
  docsUrl: 'https://github.com/springboard-starter/springboard#readme',
  /** `--brand` and `--brand-foreground` in each theme, and their sRGB hex for what cannot read oklch (icons, e-mail, the manifest). */
  brand: {
    light: { color: 'oklch(0.55 0.16 320)', hex: '#994caa', foreground: 'oklch(0.985 0 0)', foregroundHex: '#fafafa' },
    dark: { color: 'oklch(0.55 0.16 320)', hex: '#994caa', foreground: 'oklch(0.985 0 0)', foregroundHex: '#fafafa' },
  },
};

/** A name in a file name or an identifier: `Shelfie` → `shelfie`, `Café Society` → `cafe-society`. */
export const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'app';

/** The product's name in a file name (the data export's) or an identifier. */
export const identitySlug = slugOf(identity.name);

/** The name as an HTTP product token (a User-Agent's first word): letters, digits and `-` only. */
export const identityToken = identitySlug.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
