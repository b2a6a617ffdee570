// An e-mail address as text: in its own direction, and, where the line is too short for all of it, cut
// before its '@' rather than inside a name ('acc-…@example.c|om' was a bug; a hyphen in the name is a
// break too, so each side is kept whole). A side longer than the whole line still wraps rather than
// widening the page. A table's column, which has room to give, keeps it on one line instead (`whole`):
// Chromium breaks at a <wbr> even under `white-space: nowrap`.
import { cn } from '#/lib/utils';

export function EmailAddress({ email, whole = false, className }: { email: string; whole?: boolean; className?: string }) {
  const at = email.lastIndexOf('@');
  if (whole || at <= 0) return <bdi className={cn(whole ? 'whitespace-nowrap wrap-normal' : 'wrap-break-word', className)}>{email}</bdi>;
  return (
    <bdi className={cn('wrap-break-word', className)}>
      <span className="inline-block max-w-full">{email.slice(0, at)}</span>
      <wbr />
      <span className="inline-block max-w-full">{email.slice(at)}</span>
    </bdi>
  );
}
