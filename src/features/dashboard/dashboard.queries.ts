import { orpc } from '#/lib/api-client';

export const dashboardQuery = orpc.dashboard.get.queryOptions();
