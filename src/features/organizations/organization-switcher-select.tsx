// In its own chunk: the top bar shows a look-alike button until first used, so Radix Select is not
// part of every app page's first load.
import { OptionSelect } from '#/components/ui/select';

export default function OrganizationSwitcherSelect({
  id,
  value,
  organizations,
  placeholder,
  disabled,
  onChoose,
}: {
  id: string;
  value: string;
  organizations: Array<{ id: string; name: string }>;
  placeholder: string;
  disabled: boolean;
  onChoose: (organizationId: string) => void;
}) {
  return (
    <OptionSelect
      trigger={{ id, 'data-testid': 'organization-switcher', className: 'h-9 max-w-48 min-w-0 text-sm' }}
      options={organizations.map((o) => ({ value: o.id, label: <bdi>{o.name}</bdi> }))}
      placeholder={placeholder}
      defaultOpen
      value={value}
      disabled={disabled}
      onValueChange={onChoose}
    />
  );
}
