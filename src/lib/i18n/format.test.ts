import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelative } from './format';

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
