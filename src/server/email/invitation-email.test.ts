// G11: the organisation's name (anyone's free text) stays out of the invitation's subject, preview
// and heading in every language; the body quotes it as the organisation's own words.
import { describe, expect, it } from 'vitest';
import { createI18n } from '#/lib/i18n/i18n';
import { languageInfo } from '#/lib/i18n/languages';
import { renderInvitationEmail } from './invitation-email.tsx';

const NAME = 'Visit evil·example/login now';

/** Per language: the opening and closing quotation marks its body puts around the name. */
const QUOTES = { en: ['“', '”'], fr: ['« ', ' »'], ar: ['«', '»'], sw: ['“', '”'] } as const;

async function render(lng: keyof typeof QUOTES) {
  const i18n = createI18n(lng);
  await i18n.loadNamespaces('organizations');
  return renderInvitationEmail({
    t: i18n.getFixedT(lng, 'organizations'),
    lang: lng,
    dir: languageInfo(lng).dir,
    inviter: 'owner@example.org',
    organization: NAME,
    role: 'member',
    url: 'http://localhost:3000/invitations/i1',
    hours: 48,
  });
}

describe('the invitation e-mail', () => {
  for (const lng of Object.keys(QUOTES) as Array<keyof typeof QUOTES>) {
    it(`G11 (${lng}): the organisation’s name is in neither the subject, the preview nor the heading; the body quotes it`, async () => {
      const mail = await render(lng);
      expect(mail.subject).toContain('owner@example.org');
      expect(mail.subject).not.toContain('evil');
      // The heading is the plain text's first line; the preview (the inbox's snippet) is in the HTML only.
      expect(mail.text.trim().split('\n')[0]).not.toContain('evil');
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(mail.html)?.[1]).not.toContain('evil');
      const [open, close] = QUOTES[lng];
      // Once in each version: the body's paragraph, quoted.
      expect(mail.text.split(NAME)).toHaveLength(2);
      expect(mail.html.split(NAME)).toHaveLength(2);
      expect(mail.text).toContain(`${open}${NAME}${close}`);
      expect(mail.html).toMatch(new RegExp(`<p[^>]*>[^<]*${open}${NAME}${close}`));
    });
  }
});
