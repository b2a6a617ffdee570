// The top bar's organisation menu. Its button renders with the page; the menu (Radix and the auth
// client) loads when the button is first pointed at, focused or pressed, as the avatar menu does.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { SwitcherButton } from './organization-switcher-button';
import { myOrganizationsQuery } from './organizations.queries';

const load = () => import('./organization-switcher-menu');
const SwitcherMenu = lazy(load);

export function OrganizationSwitcher() {
  const { data } = useQuery(myOrganizationsQuery());
  const [wanted, setWanted] = useState(false);
  if (!data) return null;
  const preload = () => void load();
  if (!wanted)
    return <SwitcherButton data={data} aria-expanded={false} onPointerEnter={preload} onFocus={preload} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<SwitcherButton data={data} aria-expanded={false} aria-busy />}>
      <SwitcherMenu data={data} />
    </Suspense>
  );
}
