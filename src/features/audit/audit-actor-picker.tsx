// The actor filter: people found by name or email as one types; the URL keeps the user id.
import { useQuery } from '@tanstack/react-query';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import { Combobox, type ComboboxOption } from '#/components/ui/combobox';
import { orpc } from '#/lib/api-client';
import { useSearchedOptions } from '#/lib/use-searched-options';
import { actorQuery } from './audit.queries';

interface Person {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

const personOption = (person: Person): ComboboxOption => ({
  value: person.id,
  label: person.name || person.email,
  description: person.name ? person.email : undefined,
  icon: <Avatar id={person.id} name={person.name} email={person.email} src={person.image} size="sm" />,
});

type ActorPickerProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (id: string) => void;
};

export function ActorPicker({ value, onValueChange, ...trigger }: ActorPickerProps) {
  const { t } = useTranslation('audit');
  // Nobody is looked up until the list is first opened: most visits never filter by actor.
  const [looking, setLooking] = useState(false);
  const [typed, setTyped] = useState('');
  const people = useSearchedOptions(
    (searchTerm) => ({ ...orpc.users.list.queryOptions({ input: { searchTerm, sort: 'name', limit: 20 } }), enabled: looking }),
    personOption,
  );
  // The URL's actor by name (the route's loader fetched it); a deleted or unknown id shows as itself.
  const chosen = useQuery({ ...actorQuery(value), enabled: Boolean(value) });
  const selectedOption = !value ? undefined : chosen.data ? personOption(chosen.data) : { value, label: value };
  const anyone = { value: '', label: t('filters.anyActor') };
  return (
    <Combobox
      {...trigger}
      options={typed.trim() ? people.options : [anyone, ...people.options]}
      loading={looking && people.loading}
      onQueryChange={(query) => {
        setTyped(query);
        people.onQueryChange(query);
      }}
      onOpenChange={(open) => open && setLooking(true)}
      selectedOption={selectedOption}
      value={value}
      onValueChange={onValueChange}
      placeholder={t('filters.anyActor')}
      searchLabel={t('filters.findActor')}
      emptyText={t('filters.noActorMatches')}
    />
  );
}
