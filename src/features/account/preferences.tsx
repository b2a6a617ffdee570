import { useTranslation } from 'react-i18next';
import { Field } from '#/components/ui/field';
import { OptionSelect } from '#/components/ui/select';
import { LANGUAGE_OPTIONS } from '#/lib/i18n/language-options';
import { THEMES, useTheme, type Theme } from '#/lib/theme';

function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Field label={t('preferences.language')}>
      {(ids) => (
        <OptionSelect
          trigger={ids}
          options={LANGUAGE_OPTIONS}
          value={i18n.language}
          onValueChange={(value) => void i18n.changeLanguage(value)}
        />
      )}
    </Field>
  );
}

function ThemeSelect() {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  return (
    <Field label={t('preferences.theme')}>
      {(ids) => (
        <OptionSelect
          trigger={ids}
          options={THEMES.map((value) => ({ value, label: t(`preferences.themes.${value}`) }))}
          value={theme}
          onValueChange={(value) => setTheme(value as Theme)}
        />
      )}
    </Field>
  );
}

export function DisplayPreferences() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="display-preferences" className="flex flex-col gap-4 rounded-lg border p-4">
      <h2 id="display-preferences" className="text-base font-semibold">
        {t('preferences.title')}
      </h2>
      <LanguageSelect />
      <ThemeSelect />
    </section>
  );
}
