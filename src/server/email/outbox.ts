// Every e-mail leaves through the job queue: the request writes a job and answers; a worker sends
// it, retrying with backoff while the mail server is down (docs/decisions/071-email-queue.md).
import { logger } from '../logger.ts';
import { runningQueue, type QueueDefinition } from '../queue/queue.ts';
import { inSpan } from '../tracing.ts';
import { sendEmail, type Email } from './mailer.ts';

export interface QueuedEmail extends Email {
  /** A public demo's visitor whose mailbox shows it (src/server/email/dev-mailbox.ts). */
  owner?: string | undefined;
  /** Epoch ms after which it is no use (a sign-in code that expired): dropped, not sent. */
  discardAfter?: number | undefined;
}

export const emailQueue: QueueDefinition<QueuedEmail> = {
  name: 'email',
  options: {
    // 5 s, 10 s, 20 s … then every 5 minutes: about an hour and a half in all.
    retryLimit: 20,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 300,
    // An SMTP exchange that hangs this long is given up and tried again.
    expireInSeconds: 60,
    // A sent message (it may hold a code) is deleted an hour later; one never sent, after a day.
    deleteAfterSeconds: 3_600,
    retentionSeconds: 86_400,
  },
  async work({ owner, discardAfter, ...email }) {
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
  await inSpan('queue send email', { 'messaging.destination.name': emailQueue.name }, () => boss.send(emailQueue.name, email));
}
