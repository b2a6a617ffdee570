// `npm run i18n:untranslated`: fr, ar and sw strings still in English. Some are on purpose (a brand, "OK").
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const locales = path.resolve(import.meta.dirname, '../src/locales');
const flat = (value, prefix = '') =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, value]];
const load = (lng, file) => new Map(flat(JSON.parse(readFileSync(path.join(locales, lng, file), 'utf8'))));

let count = 0;
for (const file of readdirSync(path.join(locales, 'en')).filter((f) => f.endsWith('.json'))) {
  const english = load('en', file);
  for (const lng of readdirSync(locales).filter((l) => l !== 'en' && !l.includes('.'))) {
    const same = [...load(lng, file)].filter(
      ([key, value]) => typeof value === 'string' && /[a-z]{3}/i.test(value) && english.get(key) === value,
    );
    for (const [key, value] of same) console.log(`${lng}/${file}  ${key}  ${JSON.stringify(value)}`);
    count += same.length;
  }
}
console.log(`${count} strings still in English.`);
