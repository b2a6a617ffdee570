// react-day-picker in the theme's tokens, in the page's language: its week start and direction, and the
// month and weekday names of the app's own date formats (Latin digits in Arabic, like every other date).
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { DayButton, DayPicker, type ChevronProps, type DayButtonProps, type Locale } from 'react-day-picker';
import { ar } from 'react-day-picker/locale/ar';
import { enUS } from 'react-day-picker/locale/en-US';
import { fr } from 'react-day-picker/locale/fr';
import { dateFormat } from '#/lib/i18n/format';
import { cn } from '#/lib/utils';

/** date-fns has no Swahili: its week starts on Monday (Tanzania's, CLDR's for `sw`); names come from Intl. */
const sw: Locale = { ...enUS, code: 'sw', options: { ...enUS.options, weekStartsOn: 1 } };

const LOCALES: Record<string, Locale> = { en: enUS, fr, ar, sw };

/** What the calendar takes from the page's language; English for one it does not know. */
export function calendarLocale(language: string) {
  const locale = LOCALES[language] ?? enUS;
  return {
    locale,
    dir: language === 'ar' ? ('rtl' as const) : ('ltr' as const),
    // Arabic and Swahili's short weekday names are whole words, wider than a day's column.
    weekday: language === 'ar' || language === 'sw' ? ('narrow' as const) : ('short' as const),
  };
}

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  // The library points "previous" left whatever the direction.
  return <Icon aria-hidden className={cn('size-4 rtl:rotate-180', className)} />;
}

function CalendarDayButton({ className, ...props }: DayButtonProps) {
  const { modifiers } = props;
  // The library's button: it takes the focus when the keyboard moves to its day.
  return (
    <DayButton
      className={cn(
        'inline-flex size-(--cell-size) items-center justify-center rounded-md text-sm tabular-nums outline-none',
        'hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring',
        'disabled:pointer-events-none disabled:opacity-50',
        modifiers.today && !modifiers.selected && 'font-semibold text-brand-text underline underline-offset-4',
        modifiers.outside && !modifiers.selected && 'text-muted-foreground',
        modifiers.range_middle && 'rounded-none bg-accent text-accent-foreground hover:bg-accent',
        modifiers.selected &&
          !modifiers.range_middle &&
          'bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function Calendar({ className, classNames, components, formatters, labels, ...props }: ComponentProps<typeof DayPicker>) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const { locale, dir, weekday } = calendarLocale(language);
  const monthName = (month: Date) => dateFormat(language, { month: 'long', year: 'numeric' }).format(month);
  return (
    <DayPicker
      locale={locale}
      dir={dir}
      lang={language}
      showOutsideDays
      className={cn('w-fit p-3 text-popover-foreground [--cell-size:--spacing(9)]', className)}
      formatters={{
        formatCaption: monthName,
        formatWeekdayName: (day) => dateFormat(language, { weekday }).format(day),
        ...formatters,
      }}
      labels={{
        labelGrid: monthName,
        labelWeekday: (day) => dateFormat(language, { weekday: 'long' }).format(day),
        ...labels,
      }}
      classNames={{
        root: 'relative',
        months: 'relative flex flex-col gap-4 sm:flex-row',
        month: 'flex flex-col gap-3',
        nav: 'absolute inset-x-0 top-0 flex h-(--cell-size) items-center justify-between',
        button_previous:
          'inline-flex size-(--cell-size) items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-disabled:pointer-events-none aria-disabled:opacity-50',
        button_next:
          'inline-flex size-(--cell-size) items-center justify-center rounded-md text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-disabled:pointer-events-none aria-disabled:opacity-50',
        month_caption: 'flex h-(--cell-size) items-center justify-center px-(--cell-size)',
        caption_label: 'text-sm font-medium select-none',
        month_grid: 'border-collapse',
        weekdays: '',
        weekday: 'w-(--cell-size) pb-1 text-center text-xs font-normal text-muted-foreground select-none',
        week: '',
        day: 'p-0 text-center',
        // A range's band: its ends rounded on the side away from the middle, whichever way the page reads.
        range_start: 'rounded-s-md bg-accent',
        range_middle: 'bg-accent',
        range_end: 'rounded-e-md bg-accent',
        selected: '',
        today: '',
        outside: '',
        disabled: '',
        hidden: 'invisible',
        focused: '',
        ...classNames,
      }}
      components={{ Chevron, DayButton: CalendarDayButton, ...components }}
      {...props}
    />
  );
}
