import { createRootRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/pages/NotFoundPage';
import { AppShell } from '../features/shell/AppShell';

export const Route = createRootRoute({
  component: AppShell,
  notFoundComponent: NotFoundPage,
});
