/**
 * /manager/audit's search params: the list's filters, kept in the URL so a filtered view is a link
 * (a user's 'Activity', a book's 'History') and the CSV export takes the same filters. Read without
 * a schema library (decision 024); a value the API would refuse reads as empty. The action and the
 * target type are read by their shape here (every page loads the route tree, and the list of
 * actions is the audit page's own), and `setFilters` (audit.queries.ts) leaves out any the API does not know.
 */
import { searchParams, stringParam } from '#/lib/search-params';
import { SEARCH_TERM_MAX } from '#/lib/text';

const shortText = (max: number) => (value: unknown) => {
  const text = stringParam()(value).trim();
  return text.length <= max ? text : '';
};
/** An action or target type's shape (`book.updated`, `team.member-added`, `user`). */
const nameParam = (value: unknown) => {
  const text = stringParam()(value);
  return /^[a-z]+(\.[a-z-]+)?$/.test(text) && text.length <= 40 ? text : '';
};
const dateParam = (value: unknown) => {
  const text = stringParam()(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : '';
};

export type AuditSearch = {
  searchTerm: string;
  actorId: string;
  /** One of AUDIT_ACTIONS once `setFilters` has read it. */
  action: string;
  /** One of AUDIT_TARGET_TYPES once `setFilters` has read it. */
  targetType: string;
  targetId: string;
  from: string;
  to: string;
};

export const EMPTY_AUDIT_SEARCH: AuditSearch = { searchTerm: '', actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

export const auditSearch = searchParams<AuditSearch>({
  searchTerm: shortText(SEARCH_TERM_MAX),
  actorId: shortText(100),
  action: nameParam,
  targetType: nameParam,
  targetId: shortText(100),
  from: dateParam,
  to: dateParam,
});
