// A refused section's 403 shows in the section the person may have. Routes pass their `shells`, so
// the manager's layout is not part of an app page's first load.
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

// Reads the session as the guard left it, never fetches: a background retry would swap the page
// under the reader seconds after it showed. Try Again re-runs the guard, which reads it.
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

// An unknown address renders this inside the layout already; a loader's not-found, in its place.
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
