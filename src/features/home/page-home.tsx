import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#/components/ui/card';
import { PageHeader } from '#/components/ui/page-header';
import { useCurrentUser } from '#/features/auth/use-current-user';
import { cn } from '#/lib/utils';
import { myOrganizationsQuery } from './home.queries';
// example:start
import { BookOpenIcon, LibraryIcon } from 'lucide-react';
import { BookCard } from '#/components/book-card';
import { buttonVariants } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { NEW_BOOKS, newestBooksQuery, shelfQuery } from './home.queries';
import { SecondFactorNeeded } from '#/components/second-factor-needed';
// example:end
import { SectionSwitch } from './section-switch';

// example:start
const userText = 'truncate align-with-page';
const viewAll = cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-my-1');
// example:end

export function PageHome() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { data: mine } = useSuspenseQuery(myOrganizationsQuery);
  // example:start
  const active = mine.organizations.find((o) => o.id === mine.activeOrganizationId);
  // example:end
  return (
    <div className="flex w-full flex-col gap-6">
      <PageHeader
        title={user?.name ? t('home.welcome', { name: user.name }) : t('home.welcomeNoName')}
        description={t('home.description')}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        {/* The spec's section switch comes first; beside the content from 1024 px. */}
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-3 lg:row-start-1">
          <SectionSwitch current="app" />
          <GettingStarted picture={Boolean(user?.image)} organization={mine.organizations.length > 0} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2 lg:col-start-1 lg:row-start-1">
          {/* example:start */}
          <NewBooks />
          {active && (active.secondFactorNeeded ? <SecondFactorNeeded organization={active} /> : <Shelf organization={active} />)}
          {/* example:end */}
        </div>
      </div>
    </div>
  );
}

// example:start
function NewBooks() {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(newestBooksQuery);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('home.newBooks')}</CardTitle>
        <Link to="/app/books" className={viewAll}>
          {t('home.viewAllBooks')}
        </Link>
      </CardHeader>
      <CardContent>
        {data.items.length === 0 ? (
          <EmptyState icon={<BookOpenIcon />} title={t('home.noBooks')} />
        ) : (
          <ul className="grid grid-cols-2 gap-x-4 gap-y-6 sm:grid-cols-5" data-testid="new-books">
            {data.items.map((book, i) => (
              // Two rows of two on a phone.
              <li key={book.id} className={i === NEW_BOOKS - 1 ? 'hidden sm:block' : undefined}>
                <BookCard book={book} sizes="(min-width: 640px) 120px, 45vw" />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Shelf({ organization }: { organization: { name: string; slug: string } }) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(shelfQuery);
  return (
    <Card>
      <CardHeader>
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{t('home.shelf')}</CardTitle>
          <CardDescription className="wrap-anywhere">{t('home.shelfOf', { organization: organization.name })}</CardDescription>
        </div>
        <Link to="/app/organizations/$slug" params={{ slug: organization.slug }} search={{ tab: 'shelf' }} className={viewAll}>
          {t('home.openShelf')}
        </Link>
      </CardHeader>
      <CardContent>
        {data.items.length === 0 ? (
          <EmptyState icon={<LibraryIcon />} title={t('home.shelfEmpty')} />
        ) : (
          <ul className="flex flex-col divide-y" data-testid="home-shelf">
            {data.items.slice(0, SHELF_ITEMS).map((item) => (
              <li key={item.id} className="flex flex-col py-2 first:pt-0 last:pb-0">
                {/* Each in its own direction, cut at its own end, aligned with the page. */}
                <Link to="/app/books/$id" params={{ id: item.book.id }} dir="auto" className={cn(userText, 'font-medium hover:underline')}>
                  {item.book.title}
                </Link>
                <span dir="auto" className={cn(userText, 'text-sm text-muted-foreground')}>
                  {item.book.author}
                </span>
                {item.note && (
                  <span dir="auto" className="line-clamp-2 text-sm align-with-page">
                    {item.note}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const SHELF_ITEMS = 5;
// example:end

/** Shown to a new account until each step is done; done steps stay ticked. */
function GettingStarted({ picture, organization }: { picture: boolean; organization: boolean }) {
  const { t } = useTranslation();
  const steps = [
    { key: 'account', done: true },
    { key: 'picture', done: picture, to: '/app/account' },
    { key: 'organization', done: organization, to: '/app/organizations' },
  ] as const;
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Card data-testid="getting-started">
      <CardHeader>
        <div className="flex flex-col gap-1">
          <CardTitle>{t('home.gettingStarted')}</CardTitle>
          <CardDescription>{t('home.stepsDone', { done, total: steps.length })}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {steps.map((step) => {
            const Icon = step.done ? CheckCircle2Icon : CircleIcon;
            const label = t(`home.steps.${step.key}`);
            return (
              <li key={step.key} className="flex items-center gap-2 text-sm">
                <Icon aria-hidden className={cn('size-4 shrink-0', step.done ? 'text-success' : 'text-muted-foreground')} />
                {step.done || !('to' in step) ? (
                  <span className={cn(step.done && 'text-muted-foreground line-through')}>
                    {label}
                    <span className="sr-only"> ({t('home.stepDone')})</span>
                  </span>
                ) : (
                  <Link to={step.to} className="font-medium underline-offset-2 hover:underline">
                    {label}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
