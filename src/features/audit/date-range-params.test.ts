import { describe, expect, it } from 'vitest';
import { rangeText } from './audit-date-range-picker';
import { dayFromParam, dayParam, lastDays, paramsFromRange, rangeFromParams } from './date-range-params';

describe("the date filter's days", () => {
  it('writes a Date as the calendar day it falls on where the reader is', () => {
    expect(dayParam(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(dayParam(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
    expect(dayParam(new Date(2026, 1, 28, 0, 0, 1))).toBe('2026-02-28');
  });

  it("reads a URL day as the reader's midnight, and nothing else as a day", () => {
    const day = dayFromParam('2026-03-09')!;
    expect([day.getFullYear(), day.getMonth(), day.getDate(), day.getHours()]).toEqual([2026, 2, 9, 0]);
    expect(dayFromParam('0099-05-01')?.getFullYear()).toBe(99);
    expect(dayFromParam('2026-02-30')).toBeUndefined();
    expect(dayFromParam('2026-13-01')).toBeUndefined();
    expect(dayFromParam('2026-1-5')).toBeUndefined();
    expect(dayFromParam('')).toBeUndefined();
  });

  it('turns the URL range into the calendar selection and back, an open end as ""', () => {
    expect(rangeFromParams({ from: '', to: '' })).toBeUndefined();
    expect(rangeFromParams({ from: '2026-01-01', to: '2026-01-31' })).toEqual({ from: new Date(2026, 0, 1), to: new Date(2026, 0, 31) });
    expect(rangeFromParams({ from: '2026-01-01', to: '' })).toEqual({ from: new Date(2026, 0, 1), to: undefined });
    expect(rangeFromParams({ from: '', to: '2026-01-31' })).toEqual({ from: undefined, to: new Date(2026, 0, 31) });

    expect(paramsFromRange(undefined)).toEqual({ from: '', to: '' });
    expect(paramsFromRange({ from: new Date(2026, 4, 1), to: undefined })).toEqual({ from: '2026-05-01', to: '' });
    expect(paramsFromRange({ from: new Date(2026, 4, 1), to: new Date(2026, 5, 30) })).toEqual({ from: '2026-05-01', to: '2026-06-30' });
    for (const range of [
      { from: '2026-05-01', to: '2026-06-30' },
      { from: '2026-05-01', to: '' },
      { from: '', to: '2026-06-30' },
    ]) {
      expect(paramsFromRange(rangeFromParams(range))).toEqual(range);
    }
  });

  it('counts the presets back from today, today included, across a month and a year', () => {
    expect(lastDays(7, new Date(2026, 2, 5, 15, 30))).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(lastDays(30, new Date(2026, 0, 15, 0, 5))).toEqual({ from: '2025-12-17', to: '2026-01-15' });
    expect(lastDays(1, new Date(2026, 6, 1))).toEqual({ from: '2026-07-01', to: '2026-07-01' });
  });
});

describe("the date filter's button", () => {
  const open = { since: (date: string) => `since ${date}`, until: (date: string) => `until ${date}` };
  // ICU puts thin or narrow spaces around the dash; the words and digits are what this checks.
  const text = (...args: Parameters<typeof rangeText>) => rangeText(...args)?.replace(/\s/g, ' ');

  it('names the range in the page’s language, Arabic with month names and Latin digits', () => {
    expect(text({ from: '', to: '' }, 'en', open)).toBeUndefined();
    expect(text({ from: '2026-01-01', to: '2026-01-30' }, 'en', open)).toBe('Jan 1 – 30, 2026');
    expect(text({ from: '2025-12-20', to: '2026-01-30' }, 'en', open)).toBe('Dec 20, 2025 – Jan 30, 2026');
    expect(text({ from: '2025-12-20', to: '2026-01-30' }, 'fr', open)).toBe('20 déc. 2025 – 30 janv. 2026');
    expect(text({ from: '2025-12-20', to: '2026-01-30' }, 'ar', open)).toBe('20 ديسمبر 2025 – 30 يناير 2026');
    expect(text({ from: '2025-12-20', to: '2026-01-30' }, 'sw', open)).toBe('20 Des 2025 – 30 Jan 2026');
  });

  it('says when one end is open, and writes a backwards range as it is (the field says what is wrong)', () => {
    expect(text({ from: '2026-05-01', to: '' }, 'en', open)).toBe('since May 1, 2026');
    expect(text({ from: '', to: '2026-05-01' }, 'en', open)).toBe('until May 1, 2026');
    expect(text({ from: '2026-05-01', to: '2026-01-01' }, 'en', open)).toBe('May 1, 2026 – Jan 1, 2026');
  });

  it('is the same day in every time zone: the URL’s day is not moved by the reader’s offset', () => {
    // 2026-01-01 is midnight UTC; formatted in UTC it stays the 1st wherever the runtime is.
    expect(text({ from: '2026-01-01', to: '2026-01-01' }, 'en', open)).toBe('Jan 1, 2026');
  });
});
