import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Calendar, calendarLocale } from './calendar';

function inLanguage(lng: string) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng, resources: {}, initAsync: false });
  return i18n;
}

describe('calendarLocale', () => {
  it("follows the page's language: week start, direction, weekday width", () => {
    const pick = (language: string) => {
      const { locale, dir, weekday } = calendarLocale(language);
      return { code: locale.code, weekStartsOn: locale.options?.weekStartsOn, dir, weekday };
    };
    expect(pick('en')).toEqual({ code: 'en-US', weekStartsOn: 0, dir: 'ltr', weekday: 'short' });
    expect(pick('fr')).toEqual({ code: 'fr', weekStartsOn: 1, dir: 'ltr', weekday: 'short' });
    expect(pick('ar')).toEqual({ code: 'ar', weekStartsOn: 6, dir: 'rtl', weekday: 'narrow' });
    // date-fns has no Swahili: English data, Monday first, and the language's own code.
    expect(pick('sw')).toEqual({ code: 'sw', weekStartsOn: 1, dir: 'ltr', weekday: 'narrow' });
    expect(pick('de')).toEqual({ code: 'en-US', weekStartsOn: 0, dir: 'ltr', weekday: 'short' });
  });
});

describe('Calendar', () => {
  const render = (lng: string) =>
    renderToString(
      <I18nextProvider i18n={inLanguage(lng)}>
        <Calendar mode="range" defaultMonth={new Date(2026, 0, 1)} selected={{ from: new Date(2026, 0, 5), to: new Date(2026, 0, 7) }} />
      </I18nextProvider>,
    );
  const weekdays = (html: string) => [...html.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);

  it('in Arabic: right to left, Saturday first, month names and Latin digits as the app writes dates', () => {
    const html = render('ar');
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('lang="ar"');
    expect(html).toContain('يناير 2026');
    expect(weekdays(html)).toEqual(['س', 'ح', 'ن', 'ث', 'ر', 'خ', 'ج']);
    expect(html).toMatch(/>31<\/button>/);
  });

  it('in French: Monday first; in Swahili: Monday first, Swahili month names', () => {
    const fr = render('fr');
    expect(fr).toContain('janvier 2026');
    expect(weekdays(fr)[0]).toBe('lun.');
    const sw = render('sw');
    expect(sw).toContain('Januari 2026');
    expect(sw).toContain('lang="sw"');
    expect(weekdays(sw)).toHaveLength(7);
  });

  it('in English: Sunday first; the chosen days are marked for the theme, in tokens', () => {
    const html = render('en');
    expect(html).toContain('January 2026');
    expect(weekdays(html)[0]).toBe('Sun');
    expect(html).not.toContain('dir="rtl"');
    expect(html).toContain('bg-primary');
    expect(html).toMatch(/aria-selected="true"/);
  });
});
