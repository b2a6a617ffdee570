/**
 * The app's navigation, the one list: the top bar and the bottom bar read it, and
 * tests/navigation.test.ts checks that every section page under /app is in it (the pages come from
 * the route tree). A new resource adds its line here and nowhere else.
 */
import { Building2, House, UserRound } from 'lucide-react';
// example:start
import { BookOpen } from 'lucide-react';
// example:end

/** `exact`: the link is the current page only on its own path, not below it. */
export const APP_NAV = [
  { to: '/app', key: 'home', icon: House, exact: true },
  // example:start
  { to: '/app/books', key: 'books', icon: BookOpen, exact: false },
  // example:end
  { to: '/app/organizations', key: 'organizations', icon: Building2, exact: false },
  { to: '/app/account', key: 'account', icon: UserRound, exact: false },
] as const;
