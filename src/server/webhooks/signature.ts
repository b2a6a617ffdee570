// Standard Webhooks (https://www.standardwebhooks.com): the signed content is `id.timestamp.body`, the key is the
// secret's base64 after `whsec_`, the signature HMAC-SHA256 in base64, sent as `v1,<signature>`.
import { createHmac, randomBytes } from 'node:crypto';

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The three headers of one attempt; `timestamp` in seconds since the epoch. */
export function signedHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': `v1,${signature}` };
}
