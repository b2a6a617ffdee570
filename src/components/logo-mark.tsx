/** The favicon's drawing, inline so it follows the theme. */
import { APP_NAME, cn } from '#/lib/utils';

function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden focusable="false" className={cn('size-7 shrink-0', className)}>
      <rect width="64" height="64" rx="14" className="fill-brand" />
      <path d="M14 44h36v6H14zM20 36l12-22 12 22z" fill="#fff" />
    </svg>
  );
}

export function Logo({ className, collapsed = false }: { className?: string; collapsed?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold', className)}>
      <LogoMark />
      <span className={cn(collapsed && 'sr-only')}>{APP_NAME}</span>
    </span>
  );
}
