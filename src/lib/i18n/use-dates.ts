// Components format dates through this hook, never in the runtime's own zone: the server's is not the reader's.
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone } from '#/lib/time-zone';
import { formatDate, formatDateTime, formatRelative } from './format';

const root = getRouteApi('__root__');
const subscribe = () => () => {};

// The server's zone until hydrated, so hydration matches; the browser's own after that.
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
