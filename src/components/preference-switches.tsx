// The sign-in pages' language and theme, for a visitor who has no account menu yet.
import { useRouterState } from '@tanstack/react-router';
import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_QUERY_PARAM, LANGUAGES } from '#/lib/i18n/languages';
import { THEMES, useTheme } from '#/lib/theme';
import { cn } from '#/lib/utils';

const THEME_ICONS = { system: MonitorIcon, light: SunIcon, dark: MoonIcon } as const;

export function PreferenceSwitches() {
  const { t, i18n } = useTranslation();
  const { theme, setTheme } = useTheme();
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  // Links: before hydration (or without JavaScript) the page is asked for again in that language;
  // after it, the language changes in place and is kept.
  const hrefFor = (code: string) => {
    const params = new URLSearchParams(searchStr);
    params.set(LANGUAGE_QUERY_PARAM, code);
    return `?${params}`;
  };
  return (
    <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 text-sm">
      <nav aria-label={t('preferences.language')}>
        <ul className="flex flex-wrap justify-center gap-x-3 gap-y-1">
          {LANGUAGES.map((l) => (
            <li key={l.code}>
              <a
                href={hrefFor(l.code)}
                lang={l.code}
                aria-current={i18n.language === l.code ? 'true' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  void i18n.changeLanguage(l.code);
                }}
                className={cn(
                  'rounded-sm underline-offset-2 hover:underline',
                  i18n.language === l.code ? 'font-semibold text-foreground' : 'text-muted-foreground',
                )}
              >
                {l.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div role="group" aria-label={t('preferences.theme')} className="inline-flex h-9 items-center rounded-md border bg-card p-0.5">
        {THEMES.map((value) => {
          const Icon = THEME_ICONS[value];
          return (
            <button
              key={value}
              type="button"
              aria-pressed={theme === value}
              aria-label={t(`preferences.themes.${value}`)}
              title={t(`preferences.themes.${value}`)}
              onClick={() => setTheme(value)}
              className={cn(
                'flex size-7.5 items-center justify-center rounded-sm text-muted-foreground hover:text-foreground',
                theme === value && 'bg-muted text-foreground',
              )}
            >
              <Icon aria-hidden className="size-4" />
            </button>
          );
        })}
      </div>
    </div>
  );
}
