// Test helper: renders an event-area page at its real address inside a router that also has the home page and the
// pages it links to (as markers), so navigation (decline → home, buy all → cart) can be checked.
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
import { activateLanguage, type Language } from '../../lib/i18n';
import { languageAtom } from '../../lib/state';

const marker = (name: string) => () => <p data-testid="page">{name}</p>;

export async function renderEventRoute(
  page: () => ReactNode,
  { path = '/bangkok-city-marathon-2026', language = 'th' as Language } = {},
) {
  await activateLanguage(language);
  const root = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({ getParentRoute: () => root, path: '/', component: marker('home') }),
    createRoute({ getParentRoute: () => root, path: '/$eventId', component: page }),
    createRoute({ getParentRoute: () => root, path: '/$eventId/wholesale', component: page }),
    createRoute({ getParentRoute: () => root, path: '/cart-wholesale', component: marker('cart-wholesale') }),
    createRoute({ getParentRoute: () => root, path: '/cart', component: marker('cart') }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const store = createStore();
  store.set(languageAtom, language);
  const view = render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router as never} />
      </I18nProvider>
    </Provider>,
  );
  return { ...view, router, store };
}
