// The top bar's command palette: a button, and ⌘K / Ctrl+K anywhere in the section. Its dialog, cmdk
// and its searches load the first time it opens (or when the button is pointed at or focused), so a
// page's first load goes without them.
import { SearchIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { useHydrated } from '#/lib/use-hydrated';
import type { PalettePage } from './palette-page';

const load = () => import('./command-palette-content');
const Content = lazy(load);

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function CommandPalette({ pages }: { pages: PalettePage[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // The key's name as this keyboard prints it; the server's render (and a first paint) says Ctrl.
  const mac = useHydrated() && isMac();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
        event.preventDefault();
        setWanted(true);
        setOpen((was) => !was);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const preload = () => void load();
  const shortcut = mac ? '⌘K' : 'Ctrl K';
  return (
    <>
      <Button
        variant="secondary"
        aria-haspopup="dialog"
        aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
        className="h-9 gap-2 px-2.5 text-muted-foreground md:w-64 md:justify-start"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <SearchIcon aria-hidden />
        <span className="sr-only md:not-sr-only md:truncate">{t('palette.open')}</span>
        <kbd
          aria-hidden
          dir="ltr"
          className="ms-auto hidden h-5 items-center rounded border bg-muted px-1.5 font-sans text-[0.7rem] font-medium md:inline-flex"
        >
          {shortcut}
        </kbd>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <Content open={open} onOpenChange={setOpen} pages={pages} />
        </Suspense>
      )}
    </>
  );
}
