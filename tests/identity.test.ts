// The product's identity (src/lib/identity.ts) is the one place it is written: the brand tokens in
// src/styles.css, the image's labels and the icons agree with it, and its colours read at 4.5:1.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { languageI18n } from '#/lib/i18n/i18n';
import { identity, identitySlug, identityToken, slugOf } from '#/lib/identity';
import { pageTitle } from '#/lib/utils';
import { renderInvitationEmail } from '#/server/email/invitation-email.tsx';
import { renderLoginCodeEmail } from '#/server/email/login-code-email.tsx';
import { brandAssets } from '../scripts/brand-assets.ts';
import Color from 'color';
import { contrast, toHex } from '../scripts/brand-colors.ts';

const styles = readFileSync('src/styles.css', 'utf8');
const block = (selector: string) =>
  styles.slice(styles.indexOf(`\n${selector} {`), styles.indexOf('\n}', styles.indexOf(`\n${selector} {`)));
const token = (selector: string, name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(block(selector))?.[1];
const themes = [
  { selector: ':root', brand: identity.brand.light },
  { selector: '.dark', brand: identity.brand.dark },
] as const;

describe('the identity', () => {
  it.each(themes)('is the brand tokens of src/styles.css ($selector)', ({ selector, brand }) => {
    expect(token(selector, 'brand')).toBe(brand.color);
    expect(token(selector, 'brand-foreground')).toBe(brand.foreground);
  });

  it.each(themes)('writes the sRGB hex of its oklch colours ($selector)', ({ brand }) => {
    expect(brand.hex).toBe(toHex(brand.color));
    expect(brand.foregroundHex).toBe(toHex(brand.foreground));
  });

  it.each(themes)('reads at 4.5:1: text on the brand, and brand-coloured text on the page ($selector)', ({ selector, brand }) => {
    expect(contrast(brand.foreground, brand.color)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(token(selector, 'brand-text')!, token(selector, 'background')!)).toBeGreaterThanOrEqual(4.5);
  });

  // An accent badge and the sidebar's current item: brand text on `bg-brand/10` (`dark:bg-brand/25`) over the page
  // and over a card, blended in sRGB as a browser does (a rebrand to a lighter teal once failed here, in axe).
  it.each(themes)('reads at 4.5:1 as brand-coloured text on the brand’s own tint ($selector)', ({ selector }) => {
    const amount = selector === ':root' ? 0.1 : 0.25;
    for (const surface of ['background', 'card']) {
      const under = Color(toHex(token(selector, surface)!));
      const tint = Color(toHex(token(selector, 'brand')!))
        .mix(under, 1 - amount)
        .hex();
      expect(contrast(token(selector, 'brand-text')!, tint), `${selector} ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("is the container image's labels (the Dockerfile's build arguments)", () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const arg = (name: string) => new RegExp(`^ARG ${name}="(.*)"$`, 'm').exec(dockerfile)?.[1]?.replace(/\\(.)/g, '$1');
    expect(arg('APP_NAME')).toBe(identity.name);
    expect(arg('APP_DESCRIPTION')).toBe(identity.description);
    expect(arg('APP_DOCS_URL')).toBe(identity.docsUrl);
    expect(dockerfile).toMatch(/LABEL org\.opencontainers\.image\.title="\$\{APP_NAME\}"/);
  });

  it('names files and user agents with letters, digits and dashes only', () => {
    expect(slugOf('Shelfie')).toBe('shelfie');
    expect(slugOf('Café Society!')).toBe('cafe-society');
    expect(slugOf('مكتبة')).toBe('app');
    expect(identitySlug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(identityToken).toMatch(/^[A-Za-z0-9-]+$/);
    expect(pageTitle('Books')).toBe(`Books | ${identity.name}`);
  });
});

describe('the manifest and the icons made at build (scripts/brand-assets.ts)', () => {
  it('the manifest carries the name, the description and the brand colour', async () => {
    const manifest = JSON.parse((await brandAssets['manifest.webmanifest']!.source()).toString()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: identity.name,
      short_name: identity.shortName,
      description: identity.description,
      theme_color: identity.brand.light.hex,
      display: 'standalone',
    });
  });

  it.each([
    ['icon-192.png', 192],
    ['icon-512.png', 512],
    ['icon-maskable-512.png', 512],
    ['apple-touch-icon.png', 180],
  ])('%s is a %i px PNG filled with the brand colour', async (name, size) => {
    const image = sharp(await brandAssets[name]!.source());
    expect(await image.metadata()).toMatchObject({ format: 'png', width: size, height: size });
    // The centre of the top edge is background, whatever the corners' rounding.
    const { data } = await image
      .extract({ left: Math.floor(size / 2), top: 2, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const hex = `#${[...data.subarray(0, 3)].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
    expect(hex).toBe(identity.brand.light.hex);
  });

  it('favicon.ico holds one 32 px PNG, favicon.svg the mark in the brand colour', async () => {
    const ico = await brandAssets['favicon.ico']!.source();
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4), ico[6], ico[7]]).toEqual([0, 1, 1, 32, 32]);
    expect((await sharp(ico.subarray(ico.readUInt32LE(18))).metadata()).width).toBe(32);
    expect((await brandAssets['favicon.svg']!.source()).toString()).toContain(`fill="${identity.brand.light.hex}"`);
  });
});

describe('the e-mails name the product, in every language (translations write {{appName}})', () => {
  it('the sign-in code: subject and body', async () => {
    const en = await languageI18n('en');
    const mail = await renderLoginCodeEmail({ t: en.getFixedT('en', 'auth'), lang: 'en', dir: 'ltr', code: '123456', minutes: 5 });
    expect(mail.subject).toBe(`Your ${identity.name} sign-in code`);
    expect(mail.text).toContain(`Use this code to sign in to ${identity.name}:`);
    const fr = await languageI18n('fr');
    const french = await renderLoginCodeEmail({ t: fr.getFixedT('fr', 'auth'), lang: 'fr', dir: 'ltr', code: '123456', minutes: 5 });
    expect(french.subject).toBe(`Votre code de connexion ${identity.name}`);
  });

  it.each(['en', 'fr', 'ar', 'sw'] as const)(
    '%s: no string of an e-mail is left without the name or with {{appName}} unfilled',
    async (lng) => {
      const i18n = await languageI18n(lng);
      const login = await renderLoginCodeEmail({ t: i18n.getFixedT(lng, 'auth'), lang: lng, dir: 'ltr', code: '123456', minutes: 5 });
      const invitation = await renderInvitationEmail({
        t: i18n.getFixedT(lng, 'organizations'),
        lang: lng,
        dir: 'ltr',
        inviter: 'Olive',
        organization: 'Acme',
        role: 'member',
        url: 'https://example.com/invitations/1',
        hours: 48,
      });
      for (const text of [login.subject, login.text, invitation.subject, invitation.text]) expect(text).not.toContain('{{');
      expect(login.subject).toContain(identity.name);
      expect(invitation.subject).toContain(identity.name);
      expect(invitation.html).toContain(`background-color:${identity.brand.light.hex}`);
    },
  );
});
