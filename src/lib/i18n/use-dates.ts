/**
 * Dates and times in the reader's language and time zone, the same on the server and in the
 * hydrating browser (decision 056). Components format through this hook, never with the runtime's
 * own zone: the server's (UTC on most hosts) is not the reader's.
 */
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone } from '#/lib/time-zone';
import { formatDate, formatDateTime, formatRelative } from './format';

const root = getRouteApi('__root__');
const subscribe = () => () => {};

/**
 * The zone to format in: the one the server rendered with (its request's cookie) while the page
 * renders on the server or hydrates, the browser's own after that. They differ only on a first
 * visit or after a journey; then the dates change once, right after hydration.
 */
function useTimeZone(): string {
  const rendered = root.useLoaderData({ select: (config) => config.timeZone });
  return useSyncExternalStore(subscribe, browserTimeZone, () => rendered);
}

export function useDates() {
  const { i18n } = useTranslation();
  const timeZone = useTimeZone();
  const language = i18n.language;
  return useMemo(
    () => ({
      timeZone,
      /** A day ('March 5, 2026'); `options` as Intl's, long by default. */
      date: (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
        formatDate(value, language, { ...options, timeZone }),
      /** A day and a time ('Mar 5, 2026, 2:30 PM'). */
      dateTime: (value: Date | string | number) => formatDateTime(value, language, timeZone),
      /** How long ago ('3 minutes ago'): the same in every zone. */
      relative: (value: Date | string | number) => formatRelative(value, language),
    }),
    [language, timeZone],
  );
}
