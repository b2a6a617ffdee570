/** How the manager shows a user: an avatar (picture or initials), role and status badges, the role picker. */
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/avatar';
import { Badge } from '#/components/ui/badge';
import { NativeSelect } from '#/components/ui/native-select';
import { ROLE_NAMES } from '#/lib/permissions';
import { roleNames } from '#/lib/role-field';
import type { ManagedUser } from './users.schema';

/** The manager's avatar of a user: their picture or initials (src/components/avatar.tsx). */
export function UserAvatar({ user, size = 'sm' }: { user: Pick<ManagedUser, 'name' | 'email' | 'image'>; size?: 'sm' | 'lg' }) {
  return <Avatar user={user} size={size} lazy={size === 'sm'} />;
}

export function RoleBadges({ role }: { role: string }) {
  const { t } = useTranslation('users');
  return (
    <span className="flex flex-wrap gap-1">
      {roleNames(role).map((r) => (
        <Badge key={r} variant={r === 'admin' ? 'info' : 'neutral'}>
          {r === 'admin' || r === 'user' ? t(`roles.${r}`) : r}
        </Badge>
      ))}
    </span>
  );
}

export function StatusBadge({ banned }: { banned: boolean }) {
  const { t } = useTranslation('users');
  return banned ? <Badge variant="danger">{t('status.banned')}</Badge> : <Badge>{t('status.active')}</Badge>;
}

/** The declared roles; a stored value outside them (several roles, comma-separated) shows as is. */
export function RoleSelect(props: ComponentProps<'select'>) {
  const { t } = useTranslation('users');
  const known = typeof props.value !== 'string' || (ROLE_NAMES as string[]).includes(props.value);
  return (
    <NativeSelect {...props}>
      {!known && <option value={String(props.value)}>{String(props.value)}</option>}
      {ROLE_NAMES.map((role) => (
        <option key={role} value={role}>
          {t(`roles.${role}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
