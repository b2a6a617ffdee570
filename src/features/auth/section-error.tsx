import type { ErrorComponentProps } from '@tanstack/react-router';
import { PageError } from '#/components/errors/page-error';
import { PageForbidden } from '#/components/errors/page-forbidden';
import { Section } from './section';
import { isForbidden } from './guards';

/** A section's error view: the 403 page when its guard refused, the generic boundary otherwise. */
export function SectionError(props: ErrorComponentProps) {
  return (
    <Section>
      <main id="main">{isForbidden(props.error) ? <PageForbidden /> : <PageError {...props} />}</main>
    </Section>
  );
}
