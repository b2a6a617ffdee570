// Without zod: the route's search params read it, and the route tree is in every page's first load.
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_DEFAULT_RANGE: DashboardRange = 30;
