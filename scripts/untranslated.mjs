// `npm run i18n:untranslated`: strings still in English in fr, ar and sw (what the scaffold writes).
// `-- --all` also lists strings the same as English in only some languages ("Actions" is French too).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const locales = path.resolve(import.meta.dirname, '../src/locales');
const all = process.argv.includes('--all');
const flat = (value, prefix = '') =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => flat(v, prefix ? `${prefix}.${k}` : k))
    : [[prefix, value]];
const load = (lng, file) => new Map(flat(JSON.parse(readFileSync(path.join(locales, lng, file), 'utf8'))));
const others = readdirSync(locales).filter((l) => l !== 'en' && !l.includes('.'));

let everywhere = 0;
let some = 0;
for (const file of readdirSync(path.join(locales, 'en')).filter((f) => f.endsWith('.json'))) {
  const translations = others.map((lng) => [lng, load(lng, file)]);
  for (const [key, english] of load('en', file)) {
    if (typeof english !== 'string' || !/[a-z]{3}/i.test(english)) continue;
    const same = translations.filter(([, strings]) => strings.get(key) === english).map(([lng]) => lng);
    if (same.length === others.length) {
      everywhere++;
      console.log(`${file}  ${key}  ${JSON.stringify(english)}`);
    } else if (same.length) {
      some++;
      if (all) console.log(`${file}  ${key}  ${JSON.stringify(english)}  (same in ${same.join(', ')})`);
    }
  }
}
console.log(`${everywhere} strings still in English in ${others.join(', ')}.`);
if (some && !all)
  console.log(`${some} more are the same as English in some languages only (a word both languages share, or not): --all lists them.`);
