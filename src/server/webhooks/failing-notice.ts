// The one e-mail an endpoint's maker gets when its deliveries start failing (src/server/webhooks/deliver.ts).
import { eq } from 'drizzle-orm';
import { createI18n } from '#/lib/i18n/i18n';
import { isLanguage, languageInfo } from '#/lib/i18n/languages';
import type { Database } from '../db/client.ts';
import { user, type webhookEndpoint } from '../db/schema.ts';
import { renderNoticeEmail } from '../email/notice-email.tsx';
import { queueEmail } from '../email/outbox.ts';

/** Once, when an endpoint starts failing: to whoever made it, in the language they made it in. */
export async function tellOwner(db: Database, endpoint: typeof webhookEndpoint.$inferSelect, attempts: number) {
  if (!endpoint.createdBy) return;
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, endpoint.createdBy));
  if (!owner) return;
  const lng = isLanguage(endpoint.language) ? endpoint.language : 'en';
  const i18n = createI18n(lng);
  await i18n.loadNamespaces('webhooks');
  const t = i18n.getFixedT(lng, 'webhooks');
  const message = await renderNoticeEmail({
    lang: lng,
    dir: languageInfo(lng).dir,
    subject: t('failingMail.subject'),
    heading: t('failingMail.heading'),
    paragraphs: [t('failingMail.body', { url: endpoint.url, attempts: String(attempts) }), t('failingMail.help')],
  });
  await queueEmail({ to: owner.email, ...message });
}
