// The menu itself loads when its button is first pointed at, focused or pressed: a section's first
// load goes without it.
import { lazy, Suspense, useState } from 'react';
import { UserMenuButton } from './user-menu-button';

const load = () => import('./user-menu-content');
const UserMenuContent = lazy(load);

export function UserMenu({ section }: { section: 'app' | 'manager' }) {
  const [wanted, setWanted] = useState(false);
  const preload = () => void load();
  if (!wanted) return <UserMenuButton aria-expanded={false} onPointerEnter={preload} onFocus={preload} onClick={() => setWanted(true)} />;
  return (
    <Suspense fallback={<UserMenuButton aria-expanded={false} aria-busy />}>
      <UserMenuContent section={section} />
    </Suspense>
  );
}
