import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UserRoundIcon, XIcon } from 'lucide-react';
import { SearchField } from '#/components/search-field';
import { Avatar } from '#/components/ui/avatar';
import { NoValue } from '#/components/ui/no-value';
import { Button, buttonVariants } from '#/components/ui/button';
import { Combobox } from '#/components/ui/combobox';
import { FacetedFilter } from '#/components/ui/faceted-filter';
import { Field } from '#/components/ui/field';
import { Input } from '#/components/ui/input';
import { Item, ItemList } from '#/components/ui/item-list';
import { PageHeader } from '#/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#/components/ui/table';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#/lib/audit-actions';
import { useDates } from '#/lib/i18n/use-dates';
import { SEARCH_DEBOUNCE_MS } from '#/lib/use-search-input';
import { useIsDesktop } from '#/lib/use-media-query';
import { cn } from '#/lib/utils';
import { ActorPicker } from './audit-actor-picker';
import { AuditDateRangePicker } from './audit-date-range-picker';
import { AuditEventDialog } from './audit-event-dialog';
import { apiKeyOf, type AuditEvent } from './audit.schema';
import { auditInfiniteQuery, setFilters } from './audit.queries';
import { rangeInOrder } from './audit-range';
import { EMPTY_AUDIT_SEARCH, type AuditSearch } from './audit.search';

const route = getRouteApi('/manager/audit');

/**
 * Without JavaScript a picker's button does nothing: the native inputs of its <noscript> stand in for it
 * (a browser with scripts treats them as text, so they never show or submit there).
 */
const SHOWN_WITH_SCRIPT = '[&:has(>noscript_input)>[role=combobox]]:hidden';

/** The form's fields by the URL params they set: the range's two ends are one picker, and change together. */
const RANGE: ReadonlyArray<keyof AuditSearch> = ['from', 'to'];
const fieldsOf = (search: AuditSearch) => [
  ...(Object.keys(search) as Array<keyof AuditSearch>).filter((key) => !RANGE.includes(key)).map((key) => [key]),
  RANGE,
];

const sameFilters = (a: AuditSearch, b: AuditSearch) => (Object.keys(a) as Array<keyof AuditSearch>).every((key) => a[key] === b[key]);

function Filters({ search }: { search: AuditSearch }) {
  const { t } = useTranslation(['audit', 'tables']);
  const navigate = useNavigate();
  const [draft, setDraft] = useState(search);
  const [shown, setShown] = useState(search);
  // What was last put in the URL: a filter changed while it loads is newer than the URL it brings.
  const [sent, setSent] = useState<AuditSearch>();
  // The URL changed: show its filters, keeping what was typed meanwhile in the others.
  if (shown !== search) {
    setShown(search);
    setDraft((typed) => {
      const next = { ...typed };
      for (const keys of fieldsOf(search)) {
        const changed = keys.some((key) => search[key] !== shown[key]);
        const changedSinceSent = sent && keys.every((key) => search[key] === sent[key]) && keys.some((key) => typed[key] !== sent[key]);
        if (changed && !changedSinceSent) for (const key of keys) next[key] = search[key];
      }
      return next;
    });
  }
  const actionOptions = useMemo(
    () => [
      { value: '', label: t('filters.anyAction') },
      ...AUDIT_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}` as 'actions.auth.sign-in') })),
    ],
    [t],
  );
  const moreSet = Object.entries(search).filter(([key, value]) => key !== 'searchTerm' && value).length;
  const filtered = Object.values(search).some(Boolean);
  // The API refuses such a range with the same message.
  const backwards = !rangeInOrder(draft);

  // A filter applies as it changes (the typed ones once typing pauses); the URL keeps them.
  const apply = (next: AuditSearch) => {
    setTyping(false);
    const wanted = { ...next, searchTerm: next.searchTerm.trim() };
    // Already the URL's, and not on its way to another: nothing to do.
    if (!rangeInOrder(wanted) || (sameFilters(wanted, search) && (!sent || sameFilters(wanted, sent)))) return;
    setSent(wanted);
    void navigate({ to: '/manager/audit', search: wanted, replace: true });
  };
  const change = (values: Partial<AuditSearch>) => {
    const next = { ...draft, ...values };
    setDraft(next);
    apply(next);
  };
  // An updater: the fields typed before hydration all report in one commit (src/components/ui/input.tsx).
  const [typing, setTyping] = useState(false);
  const type = (values: Partial<AuditSearch>) => {
    setDraft((d) => ({ ...d, ...values }));
    setTyping(true);
  };
  const applyTyped = useEffectEvent(() => apply(draft));
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(applyTyped, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typing, draft.searchTerm, draft.targetId]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };
  // In the toolbar each control shows its value; its label is for assistive technology.
  const inToolbar = '[&>label]:sr-only';
  return (
    <form onSubmit={submit} aria-label={t('filters.title')} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-start">
      {/* Submitted by the browser itself (before hydration, or without JavaScript), the pickers' values
          go with the form; a <noscript> input further on comes later in the URL, and the last value wins. */}
      {(['action', 'targetType', 'actorId', 'from', 'to'] as const).map((key) => (
        <input key={key} type="hidden" name={key} value={draft[key]} disabled={!draft[key]} />
      ))}
      <SearchField
        className="sm:max-w-xs"
        name="searchTerm"
        label={t('filters.search')}
        busyLabel={t('searching', { ns: 'tables' })}
        value={draft.searchTerm}
        onChange={(searchTerm) => type({ searchTerm })}
        busy={draft.searchTerm.trim() !== search.searchTerm}
      />
      {/* On a phone the other filters fold under the search, so the events come into view. */}
      <details open={moreSet > 0} className="sm:contents sm:details-content:contents">
        <summary className="cursor-pointer py-1 text-sm font-medium text-foreground sm:hidden">
          {moreSet ? t('filters.moreSet', { count: moreSet }) : t('filters.more')}
        </summary>
        <div className="mt-2 flex flex-col gap-2 sm:contents">
          <Field label={t('filters.action')} className={cn(inToolbar, 'sm:w-48')}>
            {(ids) => (
              <Combobox
                {...ids}
                options={actionOptions}
                value={draft.action}
                onValueChange={(action) => change({ action: action as AuditSearch['action'] })}
                placeholder={t('filters.anyAction')}
                searchLabel={t('filters.findAction')}
                emptyText={t('filters.noActionMatches')}
              />
            )}
          </Field>
          <div>
            <FacetedFilter
              title={t('filters.targetType')}
              clearLabel={t('filters.clear', { ns: 'tables' })}
              options={AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: t(`targetTypes.${type}`) }))}
              value={draft.targetType}
              onChange={(targetType) => change({ targetType: targetType as AuditSearch['targetType'] })}
            />
          </div>
          <Field label={t('filters.actor')} className={cn(inToolbar, 'sm:w-48', SHOWN_WITH_SCRIPT)}>
            {(ids) => (
              <>
                <ActorPicker {...ids} value={draft.actorId} onValueChange={(actorId) => change({ actorId })} />
                <noscript>
                  <Input
                    name="actorId"
                    aria-label={t('filters.actorId')}
                    placeholder={t('filters.actorId')}
                    defaultValue={search.actorId}
                  />
                </noscript>
              </>
            )}
          </Field>
          <Field
            label={t('filters.dates')}
            error={backwards ? t('filters.toBeforeFrom') : undefined}
            className={cn(inToolbar, 'sm:w-64', SHOWN_WITH_SCRIPT)}
          >
            {(ids) => (
              <>
                <AuditDateRangePicker
                  {...ids}
                  value={{ from: draft.from, to: draft.to }}
                  // Picked day by day: the range applies once the calendar closes.
                  onValueChange={(range) => setDraft((d) => ({ ...d, ...range }))}
                  onDone={(range) => apply({ ...draft, ...range })}
                />
                <noscript>
                  <span className="flex gap-2">
                    <Input type="date" name="from" aria-label={t('filters.from')} defaultValue={search.from} />
                    <Input type="date" name="to" aria-label={t('filters.to')} defaultValue={search.to} />
                  </span>
                </noscript>
              </>
            )}
          </Field>
          {/* Targets are users, books, organisations, sessions…: no one picker finds them all, so the id is typed. */}
          <Field label={t('filters.targetId')} className={cn(inToolbar, 'sm:w-56')}>
            {(ids) => (
              <Input
                {...ids}
                name="targetId"
                value={draft.targetId}
                onChange={(e) => type({ targetId: e.target.value })}
                placeholder={t('filters.targetIdHint')}
              />
            )}
          </Field>
        </div>
      </details>
      {/* A GET of this page with the filters in its address: without the script, the browser sends it. */}
      <noscript>
        <Button type="submit" worksWithoutJavaScript>
          {t('filters.apply')}
        </Button>
      </noscript>
      {filtered && (
        <Link
          to="/manager/audit"
          search={EMPTY_AUDIT_SEARCH}
          replace
          className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'h-9 self-start' })}
        >
          {t('filters.reset', { ns: 'tables' })}
          <XIcon aria-hidden />
        </Link>
      )}
    </form>
  );
}

export function PageManagerAudit() {
  const { t } = useTranslation('audit');
  const dates = useDates();
  const search = route.useSearch();
  const query = useInfiniteQuery(auditInfiniteQuery(search));
  const [open, setOpen] = useState<AuditEvent | null>(null);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  // The first page carries the total.
  const first = query.data?.pages[0];
  const csv = `/api/audit.csv?${new URLSearchParams(setFilters(search) as Record<string, string>).toString()}`;

  // One layout at a time: the table from 640 px (and on the server), cards below.
  const desktop = useIsDesktop();
  const time = (event: AuditEvent) => (
    <button type="button" className="text-start underline-offset-2 hover:underline" onClick={() => setOpen(event)}>
      {dates.dateTime(event.createdAt)}
    </button>
  );
  // In the table an address or a name stays whole (`wrap-normal`: the column widens); on a card it may
  // break anywhere, or a name with no break in it would widen the phone's page.
  const actor = (event: AuditEvent, wrap = 'wrap-normal') => (
    <span className="flex min-w-0 items-center gap-2">
      {event.actorId ? (
        <Avatar id={event.actorId} name={event.actorName} src={event.actorImage} size="xs" lazy />
      ) : (
        // No one signed in: a grey mark keeps the names in line.
        <span aria-hidden className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-muted">
          <UserRoundIcon className="size-3.5 text-muted-foreground" />
        </span>
      )}
      {event.impersonatorId ? (
        <bdi>{t('asUser', { admin: event.impersonatorName ?? event.impersonatorId, user: event.actorName ?? '' })}</bdi>
      ) : apiKeyOf(event) ? (
        <bdi className={wrap}>{t('withKey', { user: event.actorName ?? '', key: apiKeyOf(event)!.name })}</bdi>
      ) : (
        <bdi className={wrap}>{event.actorName ?? t('anonymous')}</bdi>
      )}
    </span>
  );
  const action = (event: AuditEvent) => t(`actions.${event.action}` as 'actions.auth.sign-in', { defaultValue: event.action });

  return (
    <div className="flex w-full flex-col gap-4">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <a href={csv} download className={buttonVariants({ variant: 'secondary' })}>
            {t('exportCsv')}
          </a>
        }
      />
      <Filters search={search} />
      {desktop ? (
        <Table data-testid="audit-list">
          <TableHeader>
            <TableRow>
              {[t('columns.time'), t('columns.actor'), t('columns.action'), t('columns.target'), t('columns.address')].map((c) => (
                <TableHead key={c} scope="col">
                  {c}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((event) => (
              // The whole row opens the event; the time is its button for the keyboard.
              <TableRow key={event.id} data-testid="audit-row" className="cursor-pointer" onClick={() => setOpen(event)}>
                <TableCell className="whitespace-nowrap">{time(event)}</TableCell>
                <TableCell>{actor(event)}</TableCell>
                <TableCell>{action(event)}</TableCell>
                <TableCell>
                  {event.targetLabel || event.targetId ? (
                    <bdi className="wrap-normal">{event.targetLabel ?? event.targetId}</bdi>
                  ) : (
                    <NoValue />
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {event.ipAddress ? <bdi className="wrap-normal">{event.ipAddress}</bdi> : <NoValue />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <ItemList data-testid="audit-list">
          {items.map((event) => (
            <Item key={event.id} data-testid="audit-row" layout="column">
              <span className="font-medium">{action(event)}</span>
              {actor(event, 'min-w-0')}
              {(event.targetLabel ?? event.targetId) && (
                <span className="truncate text-muted-foreground">
                  {t('columns.target')}: <bdi>{event.targetLabel ?? event.targetId}</bdi>
                </span>
              )}
              <span className="flex flex-wrap gap-x-2 text-muted-foreground">
                {time(event)}
                {event.ipAddress && (
                  <span className="min-w-0">
                    · <bdi>{event.ipAddress}</bdi>
                  </span>
                )}
              </span>
            </Item>
          ))}
        </ItemList>
      )}
      {query.isSuccess && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" data-testid="showing">
            {items.length
              ? t(first?.totalCapped ? 'list.showingCapped' : 'list.showing', {
                  ns: 'common',
                  count: items.length,
                  total: first?.total ?? items.length,
                })
              : t('empty')}
          </p>
          {query.hasNextPage && (
            <Button variant="secondary" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {t('list.loadMore', { ns: 'common' })}
            </Button>
          )}
        </div>
      )}
      <AuditEventDialog event={open} onClose={() => setOpen(null)} />
    </div>
  );
}
