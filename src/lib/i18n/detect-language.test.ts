import { describe, expect, it } from 'vitest';
import { cookieValue, detectLanguage, pickLanguage } from './detect-language';

const req = (url: string, headers: Record<string, string> = {}) => ({ url: `http://localhost${url}`, headers: new Headers(headers) });

describe('detectLanguage (server)', () => {
  it('follows the order query, cookie, Accept-Language, default', () => {
    const all = { cookie: 'a=1; i18next=ar', 'accept-language': 'sw-KE,sw;q=0.9' };
    expect(detectLanguage(req('/login?lng=fr', all))).toBe('fr');
    expect(detectLanguage(req('/login', all))).toBe('ar');
    expect(detectLanguage(req('/login', { 'accept-language': all['accept-language'] }))).toBe('sw');
    expect(detectLanguage(req('/login'))).toBe('en');
  });

  it('skips unsupported or malformed values', () => {
    expect(detectLanguage(req('/login?lng=de', { cookie: 'i18next=%E0%A4%A' }))).toBe('en');
    expect(detectLanguage(req('/login', { 'accept-language': 'de-DE, fr-CA;q=0.8, ar;q=0.9' }))).toBe('ar');
    expect(detectLanguage(req('/login', { 'accept-language': 'fr;q=0, *' }))).toBe('en');
  });
});

describe('pickLanguage (the browser reads every source)', () => {
  it('follows the order query, cookie, local storage, navigator, html tag', () => {
    const all = { query: 'fr', cookie: 'ar', localStorage: 'sw', navigator: ['de-DE', 'ar-EG'], htmlTag: 'en' };
    expect(pickLanguage(all)).toBe('fr');
    expect(pickLanguage({ ...all, query: null })).toBe('ar');
    expect(pickLanguage({ ...all, query: null, cookie: undefined })).toBe('sw');
    expect(pickLanguage({ ...all, query: null, cookie: undefined, localStorage: null })).toBe('ar');
    expect(pickLanguage({ htmlTag: 'sw' })).toBe('sw');
    expect(pickLanguage({})).toBeUndefined();
  });

  it('skips values it does not support at every step', () => {
    expect(pickLanguage({ query: 'de', cookie: 'xx', localStorage: '', navigator: ['es'], htmlTag: 'fr-CA' })).toBe('fr');
  });

  it('reads one cookie out of a header or document.cookie', () => {
    expect(cookieValue('a=1; i18next=fr; b=2', 'i18next')).toBe('fr');
    expect(cookieValue('xi18next=fr', 'i18next')).toBeUndefined();
    expect(cookieValue('i18next=%E0%A4%A', 'i18next')).toBeUndefined();
    expect(cookieValue(undefined, 'i18next')).toBeUndefined();
  });
});
