// The date filter: one button naming the range in the page's language, a calendar to pick it, two presets.
import * as Popover from '@radix-ui/react-popover';
import { CalendarIcon } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#/components/ui/button';
import { Calendar } from '#/components/ui/calendar';
import { dateFormat } from '#/lib/i18n/format';
import { useIsDesktop } from '#/lib/use-media-query';
import { cn } from '#/lib/utils';
import { lastDays, paramsFromRange, rangeFromParams } from './date-range-params';

interface DayRange {
  /** YYYY-MM-DD, or '' (open). */
  from: string;
  to: string;
}

/** A URL day as the app writes dates ('Jan 5, 2026', '5 يناير 2026'): the day itself, in no one's time zone. */
const dayFormat = (language: string) => dateFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A URL day at its UTC midnight, to be formatted in UTC; undefined for none. */
const urlDay = (day: string) => (day && !Number.isNaN(Date.parse(day)) ? new Date(day) : undefined);

/** The button's text for a range; undefined for none. */
export function rangeText(
  { from, to }: DayRange,
  language: string,
  open: { since: (date: string) => string; until: (date: string) => string },
) {
  const format = dayFormat(language);
  const [start, end] = [urlDay(from), urlDay(to)];
  if (start && end) {
    // Intl joins a range the language's way ('Jan 1 – 30, 2026'); one that ends before it starts is written as it is.
    return start <= end ? format.formatRange(start, end) : `${format.format(start)} – ${format.format(end)}`;
  }
  if (start) return open.since(format.format(start));
  if (end) return open.until(format.format(end));
  return undefined;
}

type DateRangePickerProps = Omit<ComponentProps<'button'>, 'value' | 'onChange'> & {
  value: DayRange;
  onValueChange: (range: DayRange) => void;
  /** The calendar closed (a range or a preset picked, Escape, a click outside) on this range. */
  onDone?: (range: DayRange) => void;
};

export function AuditDateRangePicker({ value, onValueChange, onDone, className, ...trigger }: DateRangePickerProps) {
  const { t, i18n } = useTranslation('audit');
  const language = i18n.language;
  const desktop = useIsDesktop();
  const [open, setOpen] = useState(false);
  const selected = rangeFromParams(value);
  const text = rangeText(value, language, {
    since: (date) => t('filters.since', { date }),
    until: (date) => t('filters.until', { date }),
  });
  const months = desktop ? 2 : 1;
  const today = new Date();
  const choose = (range: DayRange) => {
    onValueChange(range);
    setOpen(false);
    onDone?.(range);
  };
  const fullDate = (day: Date) => dateFormat(language, { dateStyle: 'full' }).format(day);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onDone?.(value);
      }}
    >
      <Popover.Trigger asChild>
        {/* A combobox like the other filters: the label names it, the text is its value. */}
        <button
          type="button"
          role="combobox"
          aria-haspopup="dialog"
          aria-expanded={open}
          className={cn(
            'flex h-9 w-full items-center gap-2 rounded-md border border-input bg-card px-3 text-start text-base shadow-xs md:text-sm dark:bg-input/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive',
            className,
          )}
          {...trigger}
        >
          <CalendarIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <span className={cn('truncate', !text && 'text-muted-foreground')}>{text ?? t('filters.anyTime')}</span>
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label={t('filters.dates')}
          align="start"
          sideOffset={4}
          collisionPadding={8}
          // The calendar puts the focus on the chosen day (or today), where the arrow keys move it.
          onOpenAutoFocus={(event) => event.preventDefault()}
          className="z-50 max-w-[calc(100vw-1rem)] overflow-auto rounded-md border bg-popover text-popover-foreground shadow-md"
        >
          <Calendar
            mode="range"
            autoFocus
            resetOnSelect
            numberOfMonths={months}
            // Two months side by side would show their shared days twice.
            showOutsideDays={months === 1}
            defaultMonth={selected?.from ?? selected?.to ?? new Date(today.getFullYear(), today.getMonth() - (months - 1), 1)}
            selected={selected}
            onSelect={(range) => {
              const next = paramsFromRange(range);
              // The second day picked ends the range: done.
              if (value.from && !value.to && next.to) choose(next);
              else onValueChange(next);
            }}
            labels={{
              labelPrevious: () => t('calendar.previousMonth'),
              labelNext: () => t('calendar.nextMonth'),
              labelNav: () => t('calendar.months'),
              labelDayButton: (day, modifiers) => {
                const date = fullDate(day);
                const named = modifiers.today ? t('calendar.today', { date }) : date;
                return modifiers.selected ? t('calendar.selected', { date: named }) : named;
              },
            }}
          />
          <div className="flex flex-wrap gap-2 border-t p-3">
            <Button size="sm" variant="secondary" onClick={() => choose(lastDays(7))}>
              {t('filters.last7Days')}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => choose(lastDays(30))}>
              {t('filters.last30Days')}
            </Button>
            {(value.from || value.to) && (
              <Button size="sm" variant="ghost" onClick={() => choose({ from: '', to: '' })}>
                {t('filters.anyTime')}
              </Button>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
