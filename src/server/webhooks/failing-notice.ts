// The one e-mail an endpoint's maker gets when its deliveries start failing, or when it was switched off for
// answering too slowly (src/server/webhooks/deliver.ts).
import { eq } from 'drizzle-orm';
import { createI18n } from '#/lib/i18n/i18n';
import { isLanguage, languageInfo } from '#/lib/i18n/languages';
import type { Database } from '../db/client.ts';
import { user, type webhookEndpoint } from '../db/schema.ts';
import { renderNoticeEmail } from '../email/notice-email.tsx';
import { queueEmail } from '../email/outbox.ts';

/** Once, when an endpoint starts failing or is switched off: to whoever made it, in the language they made it in. */
export async function tellOwner(
  db: Database,
  endpoint: typeof webhookEndpoint.$inferSelect,
  { kind, times }: { kind: 'failing' | 'off'; times: number },
) {
  if (!endpoint.createdBy) return;
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, endpoint.createdBy));
  if (!owner) return;
  const lng = isLanguage(endpoint.language) ? endpoint.language : 'en';
  const i18n = createI18n(lng);
  await i18n.loadNamespaces('webhooks');
  const t = i18n.getFixedT(lng, 'webhooks');
  const words =
    kind === 'failing'
      ? {
          subject: t('failingMail.subject'),
          heading: t('failingMail.heading'),
          paragraphs: [t('failingMail.body', { url: endpoint.url, attempts: String(times) }), t('failingMail.help')],
        }
      : {
          subject: t('offMail.subject'),
          heading: t('offMail.heading'),
          paragraphs: [t('offMail.body', { url: endpoint.url, times: String(times) }), t('offMail.help')],
        };
  const message = await renderNoticeEmail({ lang: lng, dir: languageInfo(lng).dir, ...words });
  await queueEmail({ to: owner.email, ...message });
}
