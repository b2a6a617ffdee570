import { describe, expect, it } from 'vitest';
import { formatDateTime } from './i18n/format';
import { parseTimeZone, requestTimeZone } from './time-zone';

describe('the time zone a page is rendered in', () => {
  it('is the cookie’s when Intl knows it', () => {
    expect(requestTimeZone('lng=fr; tz=Europe%2FParis')).toBe('Europe/Paris');
    expect(requestTimeZone('tz=Australia%2FLord_Howe')).toBe('Australia/Lord_Howe');
    // The first cookie of that name, as the browser sends the most specific path first.
    expect(requestTimeZone('tz=Asia%2FTokyo; tz=..%2F..%2Fetc')).toBe('Asia/Tokyo');
    expect(requestTimeZone('tz=UTC')).toBe('UTC');
  });

  it('is UTC without a cookie, or with one no browser writes', () => {
    for (const header of [
      null,
      '',
      'lng=fr',
      'tz=',
      'tz=Mars%2FOlympus_Mons',
      'tz=%3Cscript%3E',
      'tz=%E0%A4%A',
      `tz=${'Europe%2FParis'.repeat(10)}`,
      'tz=..%2F..%2Fetc',
      'tz=Europe%2FParis%00',
    ]) {
      expect(requestTimeZone(header), String(header)).toBe('UTC');
    }
  });

  it('checks a name once, and gives the same answer again', () => {
    expect(parseTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(parseTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(parseTimeZone('Nowhere/Land')).toBeUndefined();
    expect(parseTimeZone('Nowhere/Land')).toBeUndefined();
  });
});

describe('a date and time in a time zone', () => {
  const instant = new Date('2026-03-05T22:30:00Z');
  it('is written in that zone, on its own day', () => {
    expect(formatDateTime(instant, 'en', 'UTC')).toMatch(/^Mar 5, 2026, 10:30\sPM$/);
    expect(formatDateTime(instant, 'en', 'Pacific/Kiritimati')).toMatch(/^Mar 6, 2026, 12:30\sPM$/);
    expect(formatDateTime(instant, 'fr', 'America/Los_Angeles')).toBe('5 mars 2026, 14:30');
  });
});
