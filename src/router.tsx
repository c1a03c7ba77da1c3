// The app's router, made the same way in the browser (main.tsx) and on the server (entry-server.tsx), so the page
// the server renders is the page the browser hydrates.
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { browserPageRequest, type PageRequest } from './lib/page-request';
import { routeTree } from './routeTree.gen';

/**
 * `history`: the server's (a memory history of the page asked for); the browser's own when left out. `page`: the
 * request the server renders; the browser's own page when left out.
 */
export function createAppRouter(history?: RouterHistory, page: PageRequest = browserPageRequest()) {
  return createRouter({
    routeTree,
    context: { page },
    defaultPreload: 'intent',
    // In the browser only: on the server it would write an inline script into the page, which the page's
    // Content-Security-Policy refuses (it allows no inline script but head-init.js).
    scrollRestoration: !history,
    ...(history ? { history } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
