import { describe, expect, it } from 'vitest';
import { detectLanguage } from './detect-language';

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
