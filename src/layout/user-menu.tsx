/**
 * The avatar menu at the top of both sections. Its button is here; the menu itself (Radix's menu
 * and its positioning, ~30 KB) loads when the button is first pointed at, focused or pressed, so a
 * section's first load goes without it (as dialogs do: decision 023).
 */
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
