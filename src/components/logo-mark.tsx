/** The mark (src/lib/brand-mark.ts), inline so it follows the theme. */
import { MARK_PATH } from '#/lib/brand-mark';
import { identity } from '#/lib/identity';
import { cn } from '#/lib/utils';

function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden focusable="false" className={cn('size-7 shrink-0', className)}>
      <rect width="64" height="64" rx="14" className="fill-brand" />
      <path d={MARK_PATH} className="fill-brand-foreground" />
    </svg>
  );
}

export function Logo({ className, collapsed = false }: { className?: string; collapsed?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold', className)}>
      <LogoMark />
      <span className={cn(collapsed && 'sr-only')}>{identity.name}</span>
    </span>
  );
}
