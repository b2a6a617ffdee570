/** Display preferences: language and theme (the same controls in both sections). */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '#/lib/i18n/languages';
import { THEMES, useTheme, type Theme } from '#/lib/theme';

const selectClass =
  'h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand dark:border-neutral-700 dark:bg-neutral-900';

export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t('preferences.language')}
      </label>
      <select id={id} className={selectClass} value={i18n.language} onChange={(e) => void i18n.changeLanguage(e.target.value)}>
        {LANGUAGES.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ThemeSelect() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t('preferences.theme')}
      </label>
      <select id={id} className={selectClass} value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
        {THEMES.map((value) => (
          <option key={value} value={value}>
            {t(`preferences.themes.${value}`)}
          </option>
        ))}
      </select>
    </div>
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
