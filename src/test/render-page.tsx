// Test helper: renders a page component inside a real router (memory history), the Lingui provider and a
// jotai store whose language matches the activated catalog.
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { activateLanguage, type Language } from '../lib/i18n';
import { languageAtom } from '../lib/state';

export async function renderPage(page: () => ReactNode, { language = 'th' as Language, path = '/' } = {}) {
  await activateLanguage(language);
  const rootRoute = createRootRoute({ component: Outlet });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: page });
  const eventRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/$eventId',
    component: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute, eventRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const store = createStore();
  store.set(languageAtom, language);
  return render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router as never} />
      </I18nProvider>
    </Provider>,
  );
}
