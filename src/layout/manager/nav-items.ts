/**
 * The manager's navigation, the one list: the side navigation, the top bar's trail and the command
 * palette read it, and tests/navigation.test.ts checks that every section page under /manager is in it
 * (the pages themselves come from the route tree). A new resource adds its line here and nowhere else.
 */
import {
  // example:start
  BookOpen,
  // example:end
  Building2,
  FileText,
  LayoutDashboard,
  ScrollText,
  UserRound,
  Users,
  Webhook,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { Permission } from '#/lib/permissions';
import type enCommon from '#/locales/en/common.json';

type NavKey = keyof typeof enCommon.nav;
/** `permission`: shown only to those who hold it (the manager's section lets in roles that may not). */
export type ManagerNavItem = {
  to: string;
  key: NavKey;
  icon: ComponentType<{ className?: string }>;
  external?: boolean;
  permission?: Permission;
};

/** What an administrator manages, then their own things; the app itself is the last link, set apart (the layout adds it). */
export const MANAGER_NAV: ManagerNavItem[][] = [
  [
    { to: '/manager/dashboard', key: 'dashboard', icon: LayoutDashboard },
    { to: '/manager/users', key: 'users', icon: Users },
    // example:start
    { to: '/manager/books', key: 'books', icon: BookOpen },
    // example:end
    { to: '/manager/organizations', key: 'organizations', icon: Building2 },
    { to: '/manager/audit', key: 'audit', icon: ScrollText },
    { to: '/manager/webhooks', key: 'webhooks', icon: Webhook, permission: { webhook: ['list'] } },
  ],
  [
    { to: '/manager/account', key: 'account', icon: UserRound },
    { to: '/api/docs', key: 'apiDocumentation', icon: FileText, external: true },
  ],
];
