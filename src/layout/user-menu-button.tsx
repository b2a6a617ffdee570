import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { Button } from '#/components/ui/button';
import { useCurrentUser } from '#/features/auth/use-current-user';

/** The avatar button, the same before and after the menu has loaded. */
export function UserMenuButton(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <Button variant="ghost" size="icon" className="rounded-full" aria-label={t('nav.userMenu')} aria-haspopup="menu" {...props}>
      <Avatar id={user?.id} name={user?.name} email={user?.email} src={user?.image} size="sm" />
    </Button>
  );
}
