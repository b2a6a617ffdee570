/** How the manager shows a user: an avatar (picture or initials), role and status badges, the role picker. */
import { useTranslation } from 'react-i18next';
import { Badge } from '#/components/ui/badge';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#/components/ui/select';
import { ROLE_NAMES } from '#/lib/permissions';
import { roleNames } from '#/lib/role-field';
import { cn } from '#/lib/utils';
import type { ManagedUser } from './users.schema';

const initials = (name: string, email: string) =>
  (name.trim() || email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

const AVATAR_SIZES = { sm: 'size-8 text-xs', lg: 'size-16 text-lg' };

export function UserAvatar({
  user,
  size = 'sm',
}: {
  user: Pick<ManagedUser, 'name' | 'email' | 'image'>;
  size?: keyof typeof AVATAR_SIZES;
}) {
  const base = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-semibold', AVATAR_SIZES[size]);
  if (user.image) return <img src={user.image} alt="" className={cn(base, 'object-cover')} />;
  return (
    <span aria-hidden className={cn(base, 'bg-neutral-200 text-neutral-800 dark:bg-neutral-700 dark:text-neutral-100')}>
      {initials(user.name, user.email)}
    </span>
  );
}

export function RoleBadges({ role }: { role: string }) {
  const { t } = useTranslation('users');
  return (
    <span className="flex flex-wrap gap-1">
      {roleNames(role).map((r) => (
        <Badge key={r} variant={r === 'admin' ? 'accent' : 'neutral'}>
          {r === 'admin' || r === 'user' ? t(`roles.${r}`) : r}
        </Badge>
      ))}
    </span>
  );
}

export function StatusBadge({ banned }: { banned: boolean }) {
  const { t } = useTranslation('users');
  return banned ? <Badge variant="danger">{t('status.banned')}</Badge> : <Badge variant="success">{t('status.active')}</Badge>;
}

/** The declared roles; a stored value outside them (several roles, comma-separated) shows as is. */
export function RoleSelect({
  value,
  onValueChange,
  name,
  ...trigger
}: {
  value: string;
  onValueChange: (role: string) => void;
  name?: string;
  id?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
}) {
  const { t } = useTranslation('users');
  const known = (ROLE_NAMES as string[]).includes(value);
  return (
    <Select value={value} onValueChange={onValueChange} name={name} disabled={trigger.disabled}>
      <SelectTrigger {...trigger}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {!known && <SelectItem value={value}>{value}</SelectItem>}
        {ROLE_NAMES.map((role) => (
          <SelectItem key={role} value={role}>
            {t(`roles.${role}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
