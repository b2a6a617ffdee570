/**
 * The switcher's Select (Radix), in its own chunk: the top bar shows a look-alike button until the
 * switcher is first used, so Radix Select is not part of every app page's first load.
 */
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#/components/ui/select';

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
    <Select defaultOpen value={value} disabled={disabled} onValueChange={onChoose}>
      <SelectTrigger id={id} data-testid="organization-switcher" className="h-9 max-w-48 min-w-0 text-sm">
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {organizations.map((o) => (
          <SelectItem key={o.id} value={o.id}>
            <bdi>{o.name}</bdi>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
