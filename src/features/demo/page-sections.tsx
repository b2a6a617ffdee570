import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '#/components/ui/badge';
import { buttonVariants } from '#/components/ui/button';
import { usePermission } from '#/features/auth/use-permission';
import { cn } from '#/lib/utils';

export function PageSections({ current }: { current: 'app' | 'manager' }) {
  const { t } = useTranslation();
  const allowed = { app: usePermission({ apps: ['app'] }), manager: usePermission({ apps: ['manager'] }) };
  const sections = [
    { key: 'app', to: '/app' },
    { key: 'manager', to: '/manager' },
  ] as const;
  return (
    <div className="flex w-full flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t('sections.title')}</h1>
        <p className="text-muted-foreground">{t('sections.description')}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        {sections.map((s) => (
          <li key={s.key} className={cn('flex flex-col gap-3 rounded-lg border p-4', s.key === current ? 'border-brand' : '')}>
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-lg font-semibold">{t(`sections.${s.key}.title`)}</h2>
              {s.key === current && <Badge variant="accent">{t('sections.youAreHere')}</Badge>}
              {!allowed[s.key] && <Badge>{t('sections.accessDenied')}</Badge>}
            </div>
            <p className="text-sm text-muted-foreground">{t(`sections.${s.key}.description`)}</p>
            {/* A section the person may not have is named, never offered. */}
            {allowed[s.key] && (
              <Link to={s.to} className={cn(buttonVariants({ variant: 'secondary' }), 'self-start')}>
                {t(`sections.${s.key}.goTo`)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
