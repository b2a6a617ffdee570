// Every message says who sent it and where to write (issue #55: the support address in e-mails), in the
// reader's language, from the product's identity.
import { describe, expect, it } from 'vitest';
import { identity } from '#/lib/identity';
import { createI18n } from '#/lib/i18n/i18n';
import { renderLoginCodeEmail } from './login-code-email.tsx';
import { renderNoticeEmail } from './notice-email.tsx';

const FOOTERS = {
  en: `Sent by ${identity.name}. Questions? Write to ${identity.contactEmail}.`,
  fr: `Envoyé par ${identity.name}. Une question ? Écrivez à ${identity.contactEmail}.`,
  ar: `أُرسلت هذه الرسالة من ${identity.name}. أسئلة؟ اكتب إلى ${identity.contactEmail}.`,
} as const;

describe('the e-mails’ footer', () => {
  for (const lng of Object.keys(FOOTERS) as Array<keyof typeof FOOTERS>) {
    it(`names the sender and the contact address (${lng})`, async () => {
      const i18n = createI18n(lng);
      await i18n.loadNamespaces('auth');
      const code = await renderLoginCodeEmail({
        t: i18n.getFixedT(lng, 'auth'),
        lang: lng,
        dir: lng === 'ar' ? 'rtl' : 'ltr',
        code: 'AB12CD',
        minutes: 5,
      });
      expect(code.text).toContain(FOOTERS[lng]);
      expect(code.html).toContain(identity.contactEmail);
      // The code stays the only six-character line (how automated checks read it).
      expect(code.text.split('\n').filter((line) => /^\s*[0-9A-Za-z]{6}\s*$/.test(line))).toEqual(['AB12CD']);
      const notice = await renderNoticeEmail({ lang: lng, dir: 'ltr', subject: 'S', heading: 'H', paragraphs: ['P'] });
      expect(notice.text).toContain(FOOTERS[lng]);
    });
  }
});
