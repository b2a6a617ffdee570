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
import { getRouteApi } from '@tanstack/react-router';
import { ArrowRightIcon, BookOpenIcon, LibraryIcon } from 'lucide-react';
import { BookCard } from '#/components/book-card';
import { BookCover } from '#/components/book-cover';
import { buttonVariants } from '#/components/ui/button';
import { EmptyState } from '#/components/ui/empty-state';
import { continueBookQuery, newestBooksQuery, shelfQuery } from './home.queries';
import { SecondFactorNeeded } from '#/components/second-factor-needed';
// example:end
import { SectionSwitch } from './section-switch';
import { isolatedSentence } from '#/components/isolated-sentence';

// example:start
const userText = 'truncate align-with-page';
const viewAll = cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-my-1');
const route = getRouteApi('/app/');
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
        title={user?.name ? isolatedSentence((word) => t('home.welcome', { name: word(user.name) })) : t('home.welcomeNoName')}
        description={t('home.description')}
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {/* example:start */}
          <ContinueCard />
          <NewBooks />
          {active && (active.secondFactorNeeded ? <SecondFactorNeeded organization={active} /> : <Shelf organization={active} />)}
          {/* example:end */}
        </div>
        {/* The spec's section switch, after the content on a phone; beside it from 1024 px. */}
        <div className="flex min-w-0 flex-col gap-6">
          <GettingStarted picture={Boolean(user?.image)} organization={mine.organizations.length > 0} />
          <SectionSwitch current="app" />
        </div>
      </div>
    </div>
  );
}

// example:start
/** The last book this person opened in this browser (decision 096); absent until they open one, or once it is deleted. */
function ContinueCard() {
  const { lastBookId } = route.useLoaderData();
  if (!lastBookId) return null;
  return <ContinueBook id={lastBookId} />;
}

function ContinueBook({ id }: { id: string }) {
  const { t } = useTranslation();
  const { data: book } = useSuspenseQuery(continueBookQuery(id));
  if (!book) return null;
  return (
    <Card data-testid="continue">
      <CardHeader>
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{t('home.continue.title')}</CardTitle>
          <CardDescription>{t('home.continue.description')}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex items-center gap-4">
        <BookCover book={book} className="w-14 shrink-0 shadow-md" sizes="56px" />
        <div className="flex min-w-0 flex-1 flex-col">
          <Link to="/app/books/$id" params={{ id: book.id }} dir="auto" className={cn(userText, 'font-medium hover:underline')}>
            {book.title}
          </Link>
          <span dir="auto" className={cn(userText, 'text-sm text-muted-foreground')}>
            {book.author}
          </span>
        </div>
        <ArrowRightIcon aria-hidden className="size-4 shrink-0 text-muted-foreground rtl:-scale-x-100" />
      </CardContent>
    </Card>
  );
}

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
          // One row of covers: scrolled sideways on a phone, the five side by side from 640 px.
          <ul
            className="-mx-5 flex snap-x snap-mandatory scroll-px-5 gap-4 overflow-x-auto px-5 pb-1 sm:mx-0 sm:grid sm:grid-cols-5 sm:overflow-visible sm:px-0 sm:pb-0"
            data-testid="new-books"
          >
            {data.items.map((book) => (
              <li key={book.id} className="w-28 shrink-0 snap-start sm:w-auto">
                <BookCard book={book} sizes="(min-width: 640px) 120px, 112px" />
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
          <CardDescription className="wrap-anywhere">
            {isolatedSentence((word) => t('home.shelfOf', { organization: word(organization.name) }))}
          </CardDescription>
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
