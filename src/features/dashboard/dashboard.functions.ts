/** The dashboard page's way into the dashboard API (same procedure and middleware, in-process). */
import { call } from '@orpc/server';
import { createServerFn } from '@tanstack/react-start';
import { pageContext } from '#/server/rpc-call.ts';
import { dashboardRouter } from './dashboard.router';

export const getDashboard = createServerFn({ method: 'GET' }).handler(() => call(dashboardRouter.get, undefined, pageContext()));
