/** Zod's generic messages (Required, Invalid input, …) in the current language. */
import type { i18n as I18n } from 'i18next';
// Straight from the package: `#/lib/zod` loads this module, so importing it here would close a circle.
import type { $ZodRawIssue as Issue } from 'zod/v4/core';

/** `translate`: an i18next `t` of the reader's language (the browser's, or a request's on the server). */
export function zodMessage(translate: (key: string, values?: Record<string, string>) => string, issue: Issue): string {
  const t = (key: string, values?: Record<string, string>) => translate(`zod:${key}`, values);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return t('required');
      if (issue.expected === 'date') return t('invalid_date');
      return t('invalid_type', { expected: issue.expected });
    case 'too_small': {
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return t('required');
      const kind = issue.origin === 'string' ? 'string' : issue.origin === 'array' || issue.origin === 'set' ? 'array' : 'number';
      return t(`too_small_${kind}`, { minimum: String(issue.minimum) });
    }
    case 'too_big': {
      const kind = issue.origin === 'string' ? 'string' : issue.origin === 'array' || issue.origin === 'set' ? 'array' : 'number';
      return t(`too_big_${kind}`, { maximum: String(issue.maximum) });
    }
    case 'invalid_format':
      if (issue.format === 'email') return t('invalid_email');
      if (issue.format === 'url') return t('invalid_url');
      if (issue.format === 'date' || issue.format === 'datetime') return t('invalid_date');
      return t('invalid_format');
    case 'not_multiple_of':
      return t('not_multiple_of', { divisor: String(issue.divisor) });
    case 'unrecognized_keys':
      return t('unrecognized_keys', { keys: issue.keys.join(', ') });
    case 'invalid_value':
      return t('invalid_value');
    default:
      return t('invalid_input');
  }
}

/** Zod's `customError` option, in the language of `i18n` (read at each message). */
export const zodErrorMap = (i18n: () => I18n) => (issue: Issue) =>
  zodMessage((key, values) => String(i18n().t(key as never, values as never)), issue);
