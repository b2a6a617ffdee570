import { orpc } from '#/lib/api-client';
import type { DashboardRange } from './dashboard-range';

export const dashboardQuery = (days: DashboardRange) => orpc.dashboard.get.queryOptions({ input: { days } });
