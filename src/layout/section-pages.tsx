/**
 * A section's error and not-found views, inside a section's frame with who is signed in
 * (decision 039). A refused section (the guard's 403) shows in the section the person may have:
 * a user who opens /manager sees the 403 page inside the app, not a bare card.
 *
 * The route passes the frames its pages may show (`shells`): the app's own route never shows the
 * manager's, so the manager's layout is not part of an app page's first load.
 */
import { useQuery } from '@tanstack/react-query';
import { type ErrorComponentProps } from '@tanstack/react-router';
import { useContext, type ComponentType, type ReactNode } from 'react';
import { PageError } from '#/components/errors/page-error';
import { PageForbidden } from '#/components/errors/page-forbidden';
import { PageNotFound } from '#/components/errors/page-not-found';
import { isForbidden } from '#/features/auth/guards';
import { InSection, Section } from '#/features/auth/section';
import { sessionQuery } from '#/features/auth/session';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { rolesAllow } from '#/lib/permissions';

type SectionName = 'app' | 'manager';
const HOME: Record<SectionName, string> = { app: '/app', manager: '/manager/dashboard' };

/** A section's layout, around its error pages (`children`). */
type Layout = ComponentType<{ children?: ReactNode }>;
/** The frames a route's error pages may show: always the app's (a refused section shows there). */
export type SectionShells = { app: Layout; manager?: Layout };

function Shell({ shells, section, children }: { shells: SectionShells; section: SectionName | null; children: ReactNode }) {
  const Layout = section && shells[section];
  if (Layout) return <Layout>{children}</Layout>;
  return <main id="main">{children}</main>;
}

/**
 * Inside `Section` (the query cache is there): the shell for whoever is signed in, as the guard
 * read it. The error page does not fetch the session itself: a read retried in the background
 * would swap the page under the reader (to onboarding, or another frame) seconds after it showed,
 * and take Try Again away. Try Again re-runs the guard, which reads it.
 */
function ErrorInShell({ section, shells, props }: { section: SectionName; shells: SectionShells; props: ErrorComponentProps }) {
  const user = useQuery({ ...sessionQuery, enabled: false }).data ?? null;
  const mayApp = user ? rolesAllow(user.role, { apps: ['app'] }) : false;
  const forbidden = isForbidden(props.error);
  const shell = !user ? null : forbidden ? (mayApp ? 'app' : null) : section;
  const page = { home: shell ? HOME[shell] : '/', signedInAs: user?.email };
  return (
    <Shell shells={shells} section={shell}>
      {forbidden ? <PageForbidden {...page} /> : <PageError {...props} {...page} />}
    </Shell>
  );
}

export function SectionError({ section, shells, ...props }: ErrorComponentProps & { section: SectionName; shells: SectionShells }) {
  return (
    <Section>
      <ErrorInShell section={section} shells={shells} props={props} />
    </Section>
  );
}

function NotFoundInSection({ section }: { section: SectionName }) {
  const user = useCurrentUser();
  return <PageNotFound home={HOME[section]} signedInAs={user?.email} />;
}

/**
 * A section's not-found view. An unknown address renders it in the layout's outlet (inside the
 * shell already); a page's loader that finds nothing renders it in the layout's place.
 */
export function SectionNotFound({ section, shells }: { section: SectionName; shells: SectionShells }) {
  const inSection = useContext(InSection);
  if (inSection) return <NotFoundInSection section={section} />;
  return (
    <Section>
      <Shell shells={shells} section={section}>
        <NotFoundInSection section={section} />
      </Shell>
    </Section>
  );
}
