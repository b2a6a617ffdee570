/** Display preferences: language and theme (the same controls in both sections). */
import { useTranslation } from 'react-i18next';
import { Field } from '#/components/ui/field';
import { NativeSelect } from '#/components/ui/native-select';
import { LANGUAGES } from '#/lib/i18n/languages';
import { THEMES, useTheme, type Theme } from '#/lib/theme';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Field label={t('preferences.language')}>
      {(ids) => (
        <NativeSelect {...ids} value={i18n.language} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </NativeSelect>
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
        <NativeSelect {...ids} value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
          {THEMES.map((value) => (
            <option key={value} value={value}>
              {t(`preferences.themes.${value}`)}
            </option>
          ))}
        </NativeSelect>
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
