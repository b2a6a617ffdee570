/** Display preferences: language and theme (the same controls in both sections). */
import { useTranslation } from 'react-i18next';
import { Field } from '#/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#/components/ui/select';
import { LANGUAGES } from '#/lib/i18n/languages';
import { THEMES, useTheme, type Theme } from '#/lib/theme';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Field label={t('preferences.language')}>
      {(ids) => (
        <Select value={i18n.language} onValueChange={(value) => void i18n.changeLanguage(value)}>
          <SelectTrigger {...ids}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {LANGUAGES.map((l) => (
              <SelectItem key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

export function ThemeSelect() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <Field label={t('preferences.theme')}>
      {(ids) => (
        <Select value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          <SelectTrigger {...ids}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {THEMES.map((value) => (
              <SelectItem key={value} value={value}>
                {t(`preferences.themes.${value}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

export function DisplayPreferences() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="display-preferences"
      className="flex flex-col gap-4 rounded-lg border border-neutral-200 p-4 dark:border-neutral-800"
    >
      <h2 id="display-preferences" className="text-base font-semibold">
        {t('preferences.title')}
      </h2>
      <LanguageSelect />
      <ThemeSelect />
    </section>
  );
}
