// The tests' SMTP sink outlives an app stopped while its e-mail is on the way (codes leave after the answer).
import net from 'node:net';
import { expect, it } from 'vitest';
import { startSmtpSink } from '../e2e/support/smtp-sink.ts';

it('keeps running when a client resets its connection in the middle of a message', async () => {
  const sink = await startSmtpSink();
  try {
    const socket = net.connect(Number(new URL(sink.url).port), '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write('EHLO test\r\nMAIL FROM:<a@example.com>\r\nRCPT TO:<b@example.com>\r\nDATA\r\nSubject: cut\r\n\r\nhalf a');
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.messages).toEqual([]);
  } finally {
    await sink.close();
  }
});
