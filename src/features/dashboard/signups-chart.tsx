// Plain elements and one SVG path, not a chart library: renders on the server, follows direction and
// theme, ~1 KB of JavaScript. The area is the running total, which reads well with few sign-ups.
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

export function SignupsChart({ data }: { data: Dashboard['signupsPerDay'] }) {
  const { t, i18n } = useTranslation('users');
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  // The status line speaks only while the chart has the keyboard focus (not for every hover).
  const [focused, setFocused] = useState(false);
  const dayFormat = dateFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const day = (value: string) => dayFormat.format(new Date(`${value}T00:00:00Z`));
  const number = numberFormat(i18n.language);
  const totals = runningTotals(data.map((d) => d.count));
  const ticks = valueTicks(totals.at(-1) ?? 0);
  const top = ticks.at(-1)!;
  const last = data.length - 1;
  const point = active === null ? undefined : data[active];
  const reading =
    point &&
    `${day(point.day)}, ${t('dashboard.signups')}: ${number.format(point.count)}, ${t('dashboard.runningTotal')}: ${number.format(totals[active!]!)}`;
  // x: the middle of each day's column; y: from the top (SVG's way).
  const points = totals.map((total, i) => `${i + 0.5},${top - total}`).join(' L');
  const line = `M${points}`;
  const area = `M0.5,${top} L${points} L${last + 0.5},${top} Z`;

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
        className="grid h-56 grid-cols-[2rem_1fr] grid-rows-[1fr_auto] gap-x-2 rounded-md text-xs text-muted-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
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
            <path d={area} className="fill-brand/15" />
            <path d={line} fill="none" className="stroke-brand" strokeWidth={2} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
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
              <p>
                {t('dashboard.signups')}: <span className="font-semibold tabular-nums">{number.format(point.count)}</span>
              </p>
              <p>
                {t('dashboard.runningTotal')}: <span className="font-semibold tabular-nums">{number.format(totals[active]!)}</span>
              </p>
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
                    // The first and last stay inside the chart; the others are centred under their day.
                    i === 0 ? 'start-0' : i === last ? 'end-0' : 'start-1/2 -translate-x-1/2 rtl:translate-x-1/2',
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
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
