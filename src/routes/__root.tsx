import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { AppShell } from '../features/shell/AppShell';
import type { RouterContext } from '../lib/page-request';

// The router's context: the request the page answers (its carried answers, its origin), one per server render.
export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppShell,
  notFoundComponent: NotFoundPage,
});
