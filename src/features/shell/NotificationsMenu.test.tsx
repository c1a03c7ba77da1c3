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
import { act, fireEvent, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage } from '../../lib/i18n';
import { renderPage } from '../../test/render-page';
import { NotificationsMenu } from './NotificationsMenu';
import { NEWS_VERSION, NOTIFICATIONS_SEEN_KEY } from './notifications';

const bell = () => screen.getByRole('button', { name: /^การแจ้งเตือน/ });
const dot = () => document.querySelector('.unread-dot');

beforeEach(() => {
  localStorage.clear();
});

describe('the bell’s unread dot', () => {
  it('is not shown to a brand-new visitor, on the first page nor the next', async () => {
    const first = await renderPage(() => <NotificationsMenu />);
    expect(bell()).toHaveAccessibleName('การแจ้งเตือน');
    expect(dot()).toBeNull();
    first.unmount();
    // The next page (the bell mounts again): still nothing unread.
    await renderPage(() => <NotificationsMenu />);
    expect(bell()).toHaveAccessibleName('การแจ้งเตือน');
    expect(dot()).toBeNull();
  });

  it('shows when the news changed since this device saw it, and goes once the bell is opened', async () => {
    localStorage.setItem(NOTIFICATIONS_SEEN_KEY, 'an older version');
    const first = await renderPage(() => <NotificationsMenu />);
    expect(bell()).toHaveAccessibleName('การแจ้งเตือน (มีข่าวใหม่)');
    expect(dot()).not.toBeNull();
    fireEvent.click(bell());
    expect(bell()).toHaveAccessibleName('การแจ้งเตือน');
    expect(dot()).toBeNull();
    expect(localStorage.getItem(NOTIFICATIONS_SEEN_KEY)).toBe(NEWS_VERSION);
    first.unmount();
    await renderPage(() => <NotificationsMenu />);
    expect(dot()).toBeNull();
  });

  it('is not in the server’s HTML (the server knows nothing of the device); hydrating adds it with no mismatch', async () => {
    localStorage.setItem(NOTIFICATIONS_SEEN_KEY, 'an older version');
    await activateLanguage('th');
    const makeRouter = () => {
      const root = createRootRoute({ component: Outlet });
      const page = createRoute({ getParentRoute: () => root, path: '/', component: NotificationsMenu });
      return createRouter({
        routeTree: root.addChildren([page]),
        history: createMemoryHistory({ initialEntries: ['/'] }),
      });
    };
    const app = (router: ReturnType<typeof makeRouter>) => (
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router as never} />
      </I18nProvider>
    );
    const serverRouter = makeRouter();
    await serverRouter.load();
    const html = renderToString(app(serverRouter));
    expect(html).toContain('การแจ้งเตือน');
    expect(html).not.toContain('unread-dot');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatch = vi.fn();
    const browserRouter = makeRouter();
    await browserRouter.load();
    await act(async () => {
      hydrateRoot(container, app(browserRouter), { onRecoverableError: mismatch });
    });
    expect(mismatch).not.toHaveBeenCalled();
    expect(container.querySelector('.unread-dot')).not.toBeNull();
    container.remove();
  });
});
