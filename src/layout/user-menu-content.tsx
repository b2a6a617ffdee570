/** The avatar menu's working part, loaded on the first press of its button (`user-menu.tsx`). */
import { Link } from '@tanstack/react-router';
import { ArrowLeftRight, Languages, LogOut, Palette, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '#/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '#/components/ui/dropdown-menu';
import { DisplayName } from '#/components/display-name';
import { SignOutDialog } from '#/features/auth/sign-out';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { usePermission } from '#/features/auth/use-permission';
import { LANGUAGES } from '#/lib/i18n/languages';
import { THEMES, useTheme, type Theme } from '#/lib/theme';
import { UserMenuButton } from './user-menu-button';

export default function UserMenuContent({ section }: { section: 'app' | 'manager' }) {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { theme, setTheme } = useTheme();
  const [signOut, setSignOut] = useState(false);
  const other = section === 'app' ? 'manager' : 'app';
  const mayOpenOther = usePermission({ apps: [other] });
  return (
    <>
      {/* Loaded by a press of the button: it opens at once. */}
      <DropdownMenu defaultOpen>
        <DropdownMenuTrigger asChild>
          <UserMenuButton />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          {user && (
            <DropdownMenuLabel className="flex items-center gap-3">
              <Avatar id={user.id} name={user.name} email={user.email} src={user.image} />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">
                  <DisplayName name={user.name} />
                </span>
                <bdi className="truncate text-xs text-muted-foreground">{user.email}</bdi>
              </span>
            </DropdownMenuLabel>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to={section === 'app' ? '/app/account' : '/manager/account'}>
              <UserRound aria-hidden />
              {t('nav.account')}
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <Palette aria-hidden />
              {t('preferences.theme')}
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
                {THEMES.map((value) => (
                  <DropdownMenuRadioItem key={value} value={value}>
                    {t(`preferences.themes.${value}`)}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
          <DropdownMenuSub>
            <DropdownMenuSubTrigger>
              <Languages aria-hidden />
              {t('preferences.language')}
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuRadioGroup value={i18n.language} onValueChange={(value) => void i18n.changeLanguage(value)}>
                {LANGUAGES.map((l) => (
                  <DropdownMenuRadioItem key={l.code} value={l.code} lang={l.code}>
                    {l.name}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
          {mayOpenOther && (
            <DropdownMenuItem asChild>
              <Link to={other === 'app' ? '/app' : '/manager/dashboard'}>
                <ArrowLeftRight aria-hidden />
                {other === 'app' ? t('nav.openApp') : t('nav.openManager')}
              </Link>
            </DropdownMenuItem>
          )}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setSignOut(true)}>
            <LogOut aria-hidden className="rtl:-scale-x-100" />
            {t('actions.signOut')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <SignOutDialog open={signOut} onOpenChange={setSignOut} />
    </>
  );
}
