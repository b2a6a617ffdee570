/**
 * A section's error and not-found views, inside a section's frame with who is signed in
 * (decision 039). A refused section (the guard's 403) shows in the section the person may have:
 * a user who opens /manager sees the 403 page inside the app, not a bare card.
 */
import { QueryClientContext } from '@tanstack/react-query';
import { useRouteContext, type ErrorComponentProps } from '@tanstack/react-router';
import { useContext, type ReactNode } from 'react';
import { PageError } from '#/components/errors/page-error';
import { PageForbidden } from '#/components/errors/page-forbidden';
import { PageNotFound } from '#/components/errors/page-not-found';
import { isForbidden } from '#/features/auth/guards';
import { Section } from '#/features/auth/section';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { usePermission } from '#/features/auth/use-permission';
import { LayoutApp } from './app/layout-app';
import { LayoutManager } from './manager/layout-manager';

type SectionName = 'app' | 'manager';
const HOME: Record<SectionName, string> = { app: '/app', manager: '/manager/dashboard' };

function Shell({ section, children }: { section: SectionName | null; children: ReactNode }) {
  if (section === 'app') return <LayoutApp>{children}</LayoutApp>;
  if (section === 'manager') return <LayoutManager>{children}</LayoutManager>;
  return <main id="main">{children}</main>;
}

/** Inside `Section` (the query cache is there): the shell for whoever is signed in. */
function ErrorInShell({ section, props }: { section: SectionName; props: ErrorComponentProps }) {
  const user = useCurrentUser();
  const mayApp = usePermission({ apps: ['app'] });
  const forbidden = isForbidden(props.error);
  const shell = !user ? null : forbidden ? (mayApp ? 'app' : null) : section;
  const page = { home: shell ? HOME[shell] : '/', signedInAs: user?.email };
  return <Shell section={shell}>{forbidden ? <PageForbidden {...page} /> : <PageError {...props} {...page} />}</Shell>;
}

export function SectionError({ section, ...props }: ErrorComponentProps & { section: SectionName }) {
  const { queries } = useRouteContext({ from: '__root__' });
  // Without the query cache (its chunk failed to load before the guard ran) there is no user to show.
  if (!queries.current) {
    return <Shell section={null}>{isForbidden(props.error) ? <PageForbidden /> : <PageError {...props} />}</Shell>;
  }
  return (
    <Section>
      <ErrorInShell section={section} props={props} />
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
export function SectionNotFound({ section }: { section: SectionName }) {
  const inSection = useContext(QueryClientContext) !== undefined;
  if (inSection) return <NotFoundInSection section={section} />;
  return (
    <Section>
      <Shell section={section}>
        <NotFoundInSection section={section} />
      </Shell>
    </Section>
  );
}
