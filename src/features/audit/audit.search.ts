/**
 * /manager/audit's search params: the list's filters, kept in the URL so a filtered view is a link
 * (a user's 'Activity', a book's 'History') and the CSV export takes the same filters. Read without
 * a schema library (decision 024); a value the API would refuse reads as empty.
 */
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#/lib/audit-actions';
import { oneOfParam, searchParams, stringParam } from '#/lib/search-params';
import { SEARCH_TERM_MAX } from '#/lib/text';

const shortText = (max: number) => (value: unknown) => {
  const text = stringParam()(value).trim();
  return text.length <= max ? text : '';
};
const dateParam = (value: unknown) => {
  const text = stringParam()(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : '';
};

export type AuditSearch = {
  searchTerm: string;
  actorId: string;
  action: '' | (typeof AUDIT_ACTIONS)[number];
  targetType: '' | (typeof AUDIT_TARGET_TYPES)[number];
  targetId: string;
  from: string;
  to: string;
};

export const EMPTY_AUDIT_SEARCH: AuditSearch = { searchTerm: '', actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };

export const auditSearch = searchParams<AuditSearch>({
  searchTerm: shortText(SEARCH_TERM_MAX),
  actorId: shortText(100),
  action: oneOfParam(['', ...AUDIT_ACTIONS]),
  targetType: oneOfParam(['', ...AUDIT_TARGET_TYPES]),
  targetId: shortText(100),
  from: dateParam,
  to: dateParam,
});

type Action = (typeof AUDIT_ACTIONS)[number];
type TargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The filters that are set, as the API's input and the export's query string take them. */
export const setFilters = (search: AuditSearch) =>
  Object.fromEntries(Object.entries(search).filter(([, value]) => value !== '')) as Partial<
    Omit<AuditSearch, 'action' | 'targetType'> & { action: Action; targetType: TargetType }
  >;
