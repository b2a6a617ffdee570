import { Fragment } from 'react';
import { cn } from '#/lib/utils';

/**
 * An address that may wrap where a reader expects it to: after a slash, before a dot, '?', '&',
 * '#' or '=' — "https://hooks.|example.com/|deliveries" — and inside a part only when that part
 * alone is wider than the line. Left to right in every language.
 */
export function UrlText({ url, className }: { url: string; className?: string }) {
  // Split before . ? & # = and after /, keeping every character.
  const parts = url.split(/(?<=\/)(?!\/)|(?=[.?&#=])/);
  return (
    <bdi dir="ltr" className={cn('wrap-anywhere', className)}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </bdi>
  );
}
