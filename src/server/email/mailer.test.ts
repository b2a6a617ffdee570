import { afterEach, describe, expect, it, vi } from 'vitest';
import { identity } from '../../lib/identity.ts';

const log = vi.hoisted(() => ({ records: [] as Array<{ level: string; fields: object; msg: string }>, warnEnabled: true }));
vi.mock('../logger.ts', () => ({
  logger: () => ({
    warn: (fields: object, msg: string) => log.records.push({ level: 'warn', fields, msg }),
    info: (fields: object, msg: string) => log.records.push({ level: 'info', fields, msg }),
    isLevelEnabled: (level: string) => level !== 'warn' || log.warnEnabled,
  }),
}));

const EMAIL = {
  to: 'user@example.com',
  subject: `Your ${identity.name} sign-in code`,
  html: '<p>123456</p>',
  text: `YOUR SIGN-IN CODE\n\nUse this code to sign in to ${identity.name}:\n\n123456\n\nThis code expires in 5 minutes.`,
};

/** A fresh copy of the modules: env() parses once per copy. */
async function send(mode: 'production' | 'development', logLevel = 'info') {
  vi.resetModules();
  vi.stubEnv('NODE_ENV', mode);
  vi.stubEnv('EMAIL_SERVER', '');
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('LOG_LEVEL', logLevel);
  log.warnEnabled = logLevel !== 'error';
  const { sendEmail } = await import('./mailer.ts');
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    await sendEmail(EMAIL);
    return stderr.mock.calls.map(([chunk]) => String(chunk));
  } finally {
    stderr.mockRestore();
  }
}

afterEach(() => {
  vi.unstubAllEnvs();
  log.records.length = 0;
});

describe('an e-mail without EMAIL_SERVER', () => {
  it('in production: one log record with the text, and one block on stderr with recipient, subject and text', async () => {
    const writes = await send('production');
    expect(log.records).toEqual([
      {
        level: 'warn',
        fields: { to: EMAIL.to, subject: EMAIL.subject },
        msg: `e-mail not sent (no EMAIL_SERVER); its text:\n${EMAIL.text}`,
      },
    ]);
    // One write, so no other line of the log can land inside the block.
    expect(writes).toHaveLength(1);
    const rule = '─'.repeat(64);
    expect(writes[0]).toBe(
      [
        `┌${rule}`,
        '│ E-mail not sent (no EMAIL_SERVER). Its text:',
        '│ To:      user@example.com',
        `│ Subject: Your ${identity.name} sign-in code`,
        '│',
        '│     YOUR SIGN-IN CODE',
        '│',
        `│     Use this code to sign in to ${identity.name}:`,
        '│',
        '│     123456',
        '│',
        '│     This code expires in 5 minutes.',
        `└${rule}`,
        '',
      ].join('\n'),
    );
  });

  it('in production with LOG_LEVEL=error: neither (the level silences both)', async () => {
    expect(await send('production', 'error')).toEqual([]);
  });

  it('in development: the record only (its pretty log already puts the text on lines of its own)', async () => {
    expect(await send('development')).toEqual([]);
    expect(log.records).toHaveLength(1);
  });

  it('prints no control characters: an address or subject cannot act on the terminal or forge lines', async () => {
    const { unsentEmailBlock } = await import('./mailer.ts');
    const block = unsentEmailBlock({ to: 'a\u001b[2Jb@example.com', subject: 'Hi\n└ fake end', text: 'one\r\ntwo\u0007' });
    for (const control of ['\u001b', '\u0007', '\r']) expect(block).not.toContain(control);
    expect(block).toContain('│ To:      a?[2Jb@example.com\n');
    expect(block).toContain('│ Subject: Hi └ fake end\n');
    expect(block).toContain('│     one\n│     two?\n');
  });
});
