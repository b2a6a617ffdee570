import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Badge } from '#/components/ui/badge';
import { buttonVariants } from '#/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { usePermission } from '#/features/auth/use-permission';
import { cn } from '#/lib/utils';

/** The demo's switch between the two sections: a go-to link each, 'You are here', 'Access Denied'. */
export function SectionSwitch({ current }: { current: 'app' | 'manager' }) {
  const { t } = useTranslation();
  const allowed = { app: usePermission({ apps: ['app'] }), manager: usePermission({ apps: ['manager'] }) };
  const sections = [
    { key: 'app', to: '/app' },
    { key: 'manager', to: '/manager' },
  ] as const;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>{t('sections.title')}</CardTitle>
          <CardDescription>{t('sections.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y">
          {sections.map((s) => (
            <li key={s.key} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0">
              <div className="flex min-w-0 flex-col">
                <span className="flex flex-wrap items-center gap-2 font-medium">
                  {t(`sections.${s.key}.title`)}
                  {s.key === current && <Badge variant="accent">{t('sections.youAreHere')}</Badge>}
                  {!allowed[s.key] && <Badge>{t('sections.accessDenied')}</Badge>}
                </span>
                <span className="text-sm text-muted-foreground">{t(`sections.${s.key}.description`)}</span>
              </div>
              {/* A section the person may not have is named, never offered. */}
              {allowed[s.key] && (
                <Link to={s.to} className={cn(buttonVariants({ variant: 'secondary', size: 'sm' }))}>
                  {t(`sections.${s.key}.goTo`)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
