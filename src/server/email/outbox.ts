// Every e-mail leaves through the job queue: the request writes a job and answers; a worker sends
// it, retrying with backoff while the mail server is down (docs/decisions/071-email-queue.md).
// A job's data is sealed with a key made from the auth secret: a sign-in code, an invitation's link
// or any other secret in a message is never in `pgboss.job` in clear (issue #53, G10).
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { resolveAuthSecret } from '../auth-secret.ts';
import { env } from '../env.ts';
import { logger } from '../logger.ts';
import { processWide } from '../process-wide.ts';
import { PermanentJobError, runningQueue, type QueueDefinition } from '../queue/queue.ts';
import { inSpan } from '../tracing.ts';
import { sendEmail, type Email } from './mailer.ts';

export interface QueuedEmail extends Email {
  /** A public demo's visitor whose mailbox shows it (src/server/email/dev-mailbox.ts). */
  owner?: string | undefined;
  /** Epoch ms after which it is no use (a sign-in code that expired): dropped, not sent. */
  discardAfter?: number | undefined;
}

/** What the job holds: the e-mail as JSON, encrypted and authenticated (XChaCha20-Poly1305, Better Auth's own). */
interface SealedEmail {
  sealed: string;
}

/**
 * Its own key, not the auth secret itself: every instance that shares the database shares AUTH_SECRET (or DATA_DIR's
 * generated one), so whichever takes the job can open it. Resolved once: an in-memory database's secret is random.
 */
const sealing = processWide('email-sealing', () => ({ key: undefined as string | undefined }));
// A fixed label, not the product's name: renaming the product (npm run rebrand) must not strand the mail queued then.
const sealingKey = () => (sealing.key ??= `${resolveAuthSecret(env())}:email-queue`);

export const emailQueue: QueueDefinition<SealedEmail | QueuedEmail> = {
  name: 'email',
  options: {
    // 5 s, 10 s, 20 s … then every 5 minutes: about an hour and a half in all.
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    // Backstop: the exchange itself gives up well before (src/server/email/mailer.ts).
    expireInSeconds: 60,
    // A sent message is deleted an hour later; one never sent, after a day.
    deleteAfterSeconds: 3_600,
    retentionSeconds: 86_400,
  },
  // Five exchanges at once, each in its own slot: one slow mail server answer holds up no code behind it (G6).
  concurrency: 5,
  async work(data) {
    let queued: QueuedEmail;
    try {
      // A job written before e-mails were sealed is read as it is.
      queued = 'sealed' in data ? (JSON.parse(await symmetricDecrypt({ key: sealingKey(), data: data.sealed })) as QueuedEmail) : data;
    } catch (error) {
      throw new PermanentJobError(`e-mail cannot be opened (was AUTH_SECRET changed?): ${String(error)}`);
    }
    const { owner, discardAfter, ...email } = queued;
    if (discardAfter && Date.now() > discardAfter) {
      logger().warn({ to: email.to, subject: email.subject }, 'e-mail dropped: it expired before it could be sent');
      return;
    }
    await sendEmail(email, { owner });
  },
};

/** Written to the queue (the database) before it returns: sent once, by one instance, even across a restart. */
export async function queueEmail(email: QueuedEmail): Promise<void> {
  // Started with the database (src/server/db/index.ts), which every request that sends mail waits for.
  const boss = runningQueue();
  if (!boss) throw new Error('the job queue is not running');
  const sealed: SealedEmail = { sealed: await symmetricEncrypt({ key: sealingKey(), data: JSON.stringify(email) }) };
  await inSpan('queue send email', { 'messaging.destination.name': emailQueue.name }, () => boss.send(emailQueue.name, sealed));
}
