// Apart from audit.search.ts, which every page loads with the route tree.
const DAY_MS = 86_400_000;
/** Exclusive: `to` is inclusive, and a date alone means that whole day (UTC). */
export const rangeEnd = (to: string) => new Date(Date.parse(to) + (/^\d{4}-\d{2}-\d{2}$/.test(to) ? DAY_MS : 1));
/** The instants the database takes: years 1 to 9999. */
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');
export const withinDatabaseYears = (value: string) => Date.parse(value) >= EARLIEST && rangeEnd(value).getTime() <= LATEST;
/** A range that ends before it starts: no event could match it, and the user is told so. */
export const rangeInOrder = ({ from, to }: { from?: string | undefined; to?: string | undefined }) =>
  !from || !to || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || rangeEnd(to).getTime() > Date.parse(from);
