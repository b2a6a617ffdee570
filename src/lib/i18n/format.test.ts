import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format';

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
