// Plain elements and one SVG path, not a chart library: renders on the server, follows direction and
// theme, ~1 KB of JavaScript. The areas are running totals (sign-ups, and books added beside them),
// which read well with few of either.
// Assistive technology gets a hidden table; the keyboard one tab stop whose arrows move the tooltip.
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat, numberFormat } from '#/lib/i18n/format';
import { cn } from '#/lib/utils';
import type { Dashboard } from './dashboard.schema';

/** At most four steps of 1, 2 or 5 × 10ⁿ, the top one at or above the highest value. */
export function valueTicks(max: number): number[] {
  const rough = Math.max(max, 4) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  const top = Math.ceil(Math.max(max, 4) / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** Each day's sum of itself and the days before it. */
export function runningTotals(counts: number[]): number[] {
  let sum = 0;
  return counts.map((count) => (sum += count));
}

/**
 * On a phone the first, middle and last days (an Arabic date is wide); from 1024 px about ten,
 * counted back from today. Null: the day has none.
 */
export function dayLabel(fromEnd: number, days: number): string | null {
  const last = days - 1;
  const phone = fromEnd === 0 || fromEnd === last || fromEnd === Math.round(last / 2);
  const wide = fromEnd % Math.ceil(days / 10) === 0;
  return phone && wide ? 'block' : phone ? 'block lg:hidden' : wide ? 'hidden lg:block' : null;
}

/** An area under a line through each day's total, x in the middle of the day's column, y from the top (SVG's way). */
function areaPaths(totals: number[], top: number) {
  const points = totals.map((total, i) => `${i + 0.5},${top - total}`).join(' L');
  return { line: `M${points}`, area: `M0.5,${top} L${points} L${totals.length - 0.5},${top} Z` };
}

/** `books`: a second series of the same days (the example catalogue's; without it, sign-ups alone). */
export function SignupsChart({ data, books }: { data: Dashboard['signupsPerDay']; books?: Array<{ day: string; count: number }> }) {
  const { t, i18n } = useTranslation('users');
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  // The status line speaks only while the chart has the keyboard focus (not for every hover).
  const [focused, setFocused] = useState(false);
  const dayFormat = dateFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));
  const number = numberFormat(i18n.language);
  const totals = runningTotals(data.map((d) => d.count));
  const bookTotals = runningTotals((books ?? []).map((d) => d.count));
  const ticks = valueTicks(Math.max(totals.at(-1) ?? 0, bookTotals.at(-1) ?? 0));
  const top = ticks.at(-1)!;
  const last = data.length - 1;
  const point = active === null ? undefined : data[active];
  const pointBooks = active === null ? undefined : books?.[active];
  const reading =
    point &&
    `${day(point.day)}, ${t('dashboard.signups')}: ${number.format(point.count)}, ${t('dashboard.runningTotal')}: ${number.format(totals[active!]!)}, ` +
      (books
        ? `${t('dashboard.booksAdded')}: ${number.format(pointBooks?.count ?? 0)}, ${t('dashboard.runningTotal')}: ${number.format(bookTotals[active!] ?? 0)}`
        : '');
  const signupsPath = areaPaths(totals, top);
  const booksPath = areaPaths(bookTotals, top);

  // Arrow keys move the way they point: the oldest day is at the start side.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const current = active ?? last;
    const next =
      event.key === forward
        ? Math.min(current + 1, last)
        : event.key === back
          ? Math.max(current - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        role="group"
        tabIndex={0}
        aria-label={t('dashboard.signupsPerDay')}
        aria-describedby={`${id}-hint`}
        onKeyDown={onKeyDown}
        onFocus={() => {
          setFocused(true);
          setActive((current) => current ?? last);
        }}
        onBlur={() => {
          setFocused(false);
          setActive(null);
        }}
        // A touch ends with a pointerleave: the tapped day's tooltip stays until the next tap or blur.
        onPointerLeave={(event) => event.pointerType === 'mouse' && setActive(null)}
        className="grid h-56 grid-cols-[2rem_1fr] grid-rows-[1fr_auto] gap-x-2 rounded-md pe-4 text-xs text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        data-testid="signups-bars"
      >
        <span id={`${id}-hint`} className="sr-only">
          {t('dashboard.chartKeys')}
        </span>
        <div aria-hidden className="relative my-2">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute end-0 translate-y-1/2 leading-none tabular-nums"
              style={{ bottom: `${(tick / top) * 100}%` }}
            >
              {number.format(tick)}
            </span>
          ))}
        </div>
        <div className="relative my-2">
          {ticks.map((tick) => (
            <div key={tick} aria-hidden className="absolute inset-x-0 border-t" style={{ bottom: `${(tick / top) * 100}%` }} />
          ))}
          <svg
            aria-hidden
            viewBox={`0 0 ${data.length} ${top}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible rtl:-scale-x-100"
          >
            {books && (
              <>
                <path d={booksPath.area} className="fill-chart-2/15" data-series="books" />
                <path
                  d={booksPath.line}
                  fill="none"
                  className="stroke-chart-2"
                  strokeWidth={2}
                  strokeLinejoin="round"
                  vectorEffect="non-scaling-stroke"
                />
              </>
            )}
            <path d={signupsPath.area} className="fill-brand/15" data-series="signups" />
            <path
              d={signupsPath.line}
              fill="none"
              className="stroke-brand"
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
          <div aria-hidden className="relative flex h-full">
            {data.map((d, i) => (
              <div
                key={d.day}
                data-day={d.day}
                onPointerEnter={() => setActive(i)}
                onPointerDown={() => setActive(i)}
                className="relative h-full flex-1"
              >
                {active === i && (
                  <>
                    <div className="absolute inset-y-0 start-1/2 border-s border-dashed border-muted-foreground/50" />
                    <div
                      className="absolute start-1/2 size-2.5 translate-y-1/2 rounded-full border-2 border-background bg-chart-2 ltr:-translate-x-1/2 rtl:translate-x-1/2"
                      style={{ bottom: `${((bookTotals[i] ?? 0) / top) * 100}%` }}
                    />
                    <div
                      className="absolute start-1/2 size-2.5 translate-y-1/2 rounded-full border-2 border-background bg-brand ltr:-translate-x-1/2 rtl:translate-x-1/2"
                      style={{ bottom: `${(totals[i]! / top) * 100}%` }}
                    />
                  </>
                )}
              </div>
            ))}
          </div>
          {point && active !== null && (
            <div
              aria-hidden
              data-testid="signups-tooltip"
              className="pointer-events-none absolute top-0 z-10 rounded-md border bg-card px-3 py-2 text-xs whitespace-nowrap text-foreground shadow-md"
              // On the side with room: after the day in the first half, before it in the second.
              style={
                active < data.length / 2
                  ? { insetInlineStart: `calc(${((active + 1) / data.length) * 100}% + 0.5rem)` }
                  : { insetInlineEnd: `calc(${((data.length - active) / data.length) * 100}% + 0.5rem)` }
              }
            >
              <p className="font-medium" suppressHydrationWarning>
                {day(point.day)}
              </p>
              <Series
                swatch="bg-brand"
                label={t('dashboard.signups')}
                count={number.format(point.count)}
                total={number.format(totals[active]!)}
              />
              {books && (
                <Series
                  swatch="bg-chart-2"
                  label={t('dashboard.booksAdded')}
                  count={number.format(pointBooks?.count ?? 0)}
                  total={number.format(bookTotals[active] ?? 0)}
                />
              )}
            </div>
          )}
        </div>
        <div aria-hidden className="col-start-2 flex h-4">
          {data.map((d, i) => (
            <span key={d.day} className="relative flex-1">
              {dayLabel(last - i, data.length) && (
                <span
                  className={cn(
                    'absolute top-0 whitespace-nowrap',
                    // Each centred under its day's point, the first and last too (they reach into the margins).
                    'start-1/2 -translate-x-1/2 rtl:translate-x-1/2',
                    dayLabel(last - i, data.length),
                  )}
                  suppressHydrationWarning
                >
                  {day(d.day)}
                </span>
              )}
            </span>
          ))}
        </div>
      </div>
      <ul
        aria-hidden
        className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
        data-testid="chart-legend"
      >
        <li className="flex items-center gap-1.5">
          <span className="size-2.5 rounded-xs bg-brand" />
          {t('dashboard.signups')}
        </li>
        {books && (
          <li className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-xs bg-chart-2" />
            {t('dashboard.booksAdded')}
          </li>
        )}
      </ul>
      <p role="status" className="sr-only">
        {focused && reading}
      </p>
      {/* Hidden in a box: a table grows to its content whatever its own size. */}
      <div className="sr-only">
        <table>
          <caption>{t('dashboard.signupsPerDay')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.day')}</th>
              <th scope="col">{t('dashboard.signups')}</th>
              <th scope="col">{t('dashboard.runningTotal')}</th>
              {books && <th scope="col">{t('dashboard.booksAdded')}</th>}
              {books && <th scope="col">{t('dashboard.booksRunningTotal')}</th>}
            </tr>
          </thead>
          <tbody>
            {data.map((d, i) => (
              <tr key={d.day}>
                <th scope="row" suppressHydrationWarning>
                  {day(d.day)}
                </th>
                <td>{number.format(d.count)}</td>
                <td>{number.format(totals[i]!)}</td>
                {books && <td>{number.format(books[i]?.count ?? 0)}</td>}
                {books && <td>{number.format(bookTotals[i] ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Series({ swatch, label, count, total }: { swatch: string; label: string; count: string; total: string }) {
  const { t } = useTranslation('users');
  return (
    <p className="flex items-center gap-1.5">
      <span aria-hidden className={cn('size-2.5 shrink-0 rounded-xs', swatch)} />
      {label}: <span className="font-semibold tabular-nums">{count}</span>
      <span className="text-muted-foreground">
        · {t('dashboard.runningTotal')}: <span className="font-semibold text-foreground tabular-nums">{total}</span>
      </span>
    </p>
  );
}
