import { describe, expect, it } from 'vitest';
import { dateFormat, formatDate, formatDateTime, formatNumber, formatRelative, numberFormat } from './format';

/** Arabic-Indic digits (٠–٩), which the interface does not use. */
const ARABIC_INDIC = /[\u0660-\u0669]/;

const day = new Date('2026-03-05T14:30:00Z');

describe('formatDate', () => {
  it('writes dates in each interface language', () => {
    expect(formatDate(day, 'en')).toBe('March 5, 2026');
    expect(formatDate(day, 'fr')).toBe('5 mars 2026');
    expect(formatDate(day, 'sw')).toMatch(/Machi/);
    expect(formatDate(day, 'ar')).toMatch(/مارس|آذار/);
    expect(formatDate(day, 'ar')).toMatch(/2026/);
  });

  it('accepts ISO strings and ignores invalid values', () => {
    expect(formatDate('2026-03-05T14:30:00Z', 'en')).toBe('March 5, 2026');
    expect(formatDate('not a date', 'en')).toBe('');
    expect(formatDateTime(day, 'en')).toMatch(/Mar 5, 2026/);
  });
});

describe('formatRelative', () => {
  const now = Date.UTC(2026, 2, 5, 12, 0, 0);
  it('says how long ago, in the language', () => {
    expect(formatRelative(now - 3 * 60_000, 'en', now)).toBe('3 minutes ago');
    expect(formatRelative(now - 3 * 60_000, 'fr', now)).toBe('il y a 3 minutes');
    expect(formatRelative(now - 2 * 3_600_000, 'en', now)).toBe('2 hours ago');
    expect(formatRelative(now - 86_400_000, 'en', now)).toBe('yesterday');
    expect(formatRelative(now - 10 * 86_400_000, 'en', now)).toBe('last week');
    expect(formatRelative(now - 5_000, 'en', now)).toBe('5 seconds ago');
  });
});

describe('formatNumber', () => {
  it('groups digits as each language does', () => {
    expect(formatNumber(12345, 'en')).toBe('12,345');
    expect(formatNumber(12345, 'fr')).toBe('12\u202f345');
    expect(formatNumber(0.25, 'en', { style: 'percent', signDisplay: 'exceptZero' })).toBe('+25%');
    expect(formatNumber(-0.1, 'fr', { style: 'percent', signDisplay: 'exceptZero' })).toBe('-10\u00a0%');
  });

  it('writes Arabic numbers, dates and times with Latin digits, as the rest of the interface', () => {
    expect(formatNumber(12345, 'ar')).toMatch(/^12.345$/);
    expect(formatDate(day, 'ar', { dateStyle: 'medium' })).toMatch(/05.*2026/);
    const now = Date.UTC(2026, 2, 5, 12, 0, 0);
    expect(formatRelative(now - 3 * 3_600_000, 'ar', now)).toMatch(/3/);
    for (const text of [formatNumber(12345, 'ar'), formatDateTime(day, 'ar'), formatRelative(now - 3 * 3_600_000, 'ar', now)]) {
      expect(text).not.toMatch(ARABIC_INDIC);
    }
  });
});

describe('formatters', () => {
  it('are made once per language and options, and reused', () => {
    expect(dateFormat('en', { dateStyle: 'medium' })).toBe(dateFormat('en', { dateStyle: 'medium' }));
    expect(dateFormat('fr', { dateStyle: 'medium' })).not.toBe(dateFormat('en', { dateStyle: 'medium' }));
    expect(dateFormat('en', { dateStyle: 'long' })).not.toBe(dateFormat('en', { dateStyle: 'medium' }));
    expect(numberFormat('en')).toBe(numberFormat('en'));
    expect(numberFormat('en', { style: 'percent' })).not.toBe(numberFormat('en'));
    // A kept formatter still formats in its own language and options.
    expect(dateFormat('fr', { dateStyle: 'long' }).format(day)).toBe('5 mars 2026');
  });
});
