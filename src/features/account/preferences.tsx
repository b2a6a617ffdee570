import { useTranslation } from 'react-i18next';
import { SettingsSection } from '#/components/settings-section';
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
    <SettingsSection id="display-preferences" title={t('preferences.title')} description={t('preferences.description')}>
      <LanguageSelect />
      <ThemeSelect />
    </SettingsSection>
  );
}
