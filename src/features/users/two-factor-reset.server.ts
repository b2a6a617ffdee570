// The e-mail a person gets when an administrator turns their second factor off (docs/decisions/094-a-second-factor-on-every-way-in.md):
// they learn it happened, and whom to ask if they did not ask for it.
import { detectLanguage } from '#/lib/i18n/detect-language';
import { dateFormat } from '#/lib/i18n/format';
import { createI18n } from '#/lib/i18n/i18n';
import { languageInfo } from '#/lib/i18n/languages';
import { renderNoticeEmail } from '#/server/email/notice-email.tsx';
import { queueEmail } from '#/server/email/outbox.ts';
import { logger } from '#/server/logger.ts';

/**
 * In the administrator's language: the person's own is not stored (a code's e-mail is in the language of the
 * browser that asked). The time in UTC, named, as the reader's zone is unknown. Queued, never delivered inline.
 */
export async function tellTwoFactorReset(to: string, request: Request) {
  const lng = detectLanguage(request);
  const time = dateFormat(lng, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }).format(new Date());
  try {
    const i18n = createI18n(lng);
    await i18n.loadNamespaces('users');
    const t = i18n.getFixedT(lng, 'users');
    const message = await renderNoticeEmail({
      lang: lng,
      dir: languageInfo(lng).dir,
      subject: t('resetTwoFactorMail.subject'),
      heading: t('resetTwoFactorMail.heading'),
      paragraphs: [t('resetTwoFactorMail.body', { time }), t('resetTwoFactorMail.help')],
    });
    await queueEmail({ to, ...message });
  } catch (error) {
    // The reset stands (it is audited); the notice is the queue's to retry, not the administrator's to redo.
    logger().error({ err: error, to }, 'could not queue the two-factor reset notice');
  }
}
