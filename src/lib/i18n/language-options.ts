/** The languages as a select's options, each named in itself (and marked with its language). Not in languages.ts, which every page loads. */
import { LANGUAGES } from './languages';

export const LANGUAGE_OPTIONS = LANGUAGES.map((l) => ({ value: l.code, label: l.name, lang: l.code }));
