// Read without a schema library, as every page loads the route tree: action and target type by their
// shape only, and `setFilters` (audit.queries.ts) drops any the API does not know.
import { stringParam, tableRoute } from '#/lib/search-params';

const shortText = (max: number) => (value: unknown) => {
  const text = stringParam()(value).trim();
  return text.length <= max ? text : '';
};
const nameParam = (value: unknown) => {
  const text = stringParam()(value);
  return /^[a-z]+(\.[a-z-]+)?$/.test(text) && text.length <= 40 ? text : '';
};
const dateParam = (value: unknown) => {
  const text = stringParam()(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text)) ? text : '';
};

export const auditRoute = tableRoute({
  actorId: shortText(100),
  action: nameParam,
  targetType: nameParam,
  targetId: shortText(100),
  from: dateParam,
  to: dateParam,
});
export type AuditSearch = ReturnType<typeof auditRoute.validateSearch>;
export const EMPTY_AUDIT_SEARCH: AuditSearch = { searchTerm: '', actorId: '', action: '', targetType: '', targetId: '', from: '', to: '' };
