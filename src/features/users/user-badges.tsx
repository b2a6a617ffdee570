import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { Badge } from '#/components/ui/badge';
import { OptionSelect } from '#/components/ui/select';
import { ROLE_NAMES } from '#/lib/permissions';
import { roleNames } from '#/lib/role-field';
import type { ManagedUser } from './users.schema';

export function UserAvatar({
  user,
  size = 'sm',
}: {
  user: Pick<ManagedUser, 'id' | 'name' | 'email' | 'image'>;
  size?: 'xs' | 'sm' | 'lg';
}) {
  return <Avatar id={user.id} name={user.name} email={user.email} src={user.image} size={size} lazy={size !== 'lg'} />;
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

/** A stored value outside the declared roles (several, comma-separated) shows as is. */
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
    <OptionSelect
      trigger={trigger}
      options={[...(known ? [] : [{ value, label: value }]), ...ROLE_NAMES.map((role) => ({ value: role, label: t(`roles.${role}`) }))]}
      value={value}
      onValueChange={onValueChange}
      name={name}
      disabled={trigger.disabled}
    />
  );
}
