import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { markBusy } from '../../lib/busy';
import { activateLanguage } from '../../lib/i18n';
import { CONTACT_PAGE_URL } from '../../lib/links';
import { usePageTitle } from '../../lib/page-title';
import { changeField } from '../../test/change-field';
import { eventSummary } from '../../test/event-summary';
import { support } from '../../test/support-settings';
import { addToCart, clearCart } from '../cart/cart-store';
import { photo } from '../cart/test-items';
import { AppShell } from './AppShell';

// The service worker bridge, driven by the tests: a new version waiting, and messages from the worker.
const worker = vi.hoisted(() => ({
  updateReady: undefined as undefined | ((apply: () => void) => void),
  message: undefined as undefined | ((message: { type: 'API_UPDATED'; path: string }) => void),
}));
// The store's support channels as each test sets them (none by default, as in the unit tests' settings).
vi.mock('../../lib/app-settings', async (original) =>
  (await import('../../test/support-settings')).withSupport(await original()),
);
vi.mock('../../lib/sw-bridge', () => ({
  registerServiceWorker: (onUpdateReady: (apply: () => void) => void) => {
    worker.updateReady = onUpdateReady;
    return () => undefined;
  },
  onWorkerMessage: (listener: (message: { type: 'API_UPDATED'; path: string }) => void) => {
    worker.message = listener;
    return () => undefined;
  },
  keepOrderImages: () => false,
}));

const onSale = [
  eventSummary(1, { event_key: 'bangkok-city-marathon-2026', title: 'บางกอก ซิตี้ มาราธอน 2026' }),
  eventSummary(2, { event_key: 'korat-half-marathon-2026', title: 'โคราช ฮาล์ฟมาราธอน 2026' }),
];

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

function Page({ title }: { title: string }) {
  usePageTitle(title);
  return <h1>{title}</h1>;
}

async function renderShell(path = '/', width = 390) {
  setWidth(width);
  await activateLanguage('th');
  const root = createRootRoute({ component: AppShell });
  const page = (p: string, title: string) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <Page title={title} /> });
  const router = createRouter({
    routeTree: root.addChildren([
      page('/', 'หน้าแรกทดสอบ'),
      page('/about', 'เกี่ยวกับเรา'),
      page('/how-to-order', 'วิธีสั่งซื้อภาพ'),
      page('/cart', 'ตะกร้า'),
      page('/cart-manual', 'ตะกร้าตามจุดถ่าย'),
      page('/$eventId', 'งาน'),
      page('/$eventId/manual', 'เลือกภาพตามจุดถ่าย'),
    ]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  const view = render(
    <Provider store={createStore()}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router as never} />
      </I18nProvider>
    </Provider>,
  );
  await screen.findByRole('banner');
  return { ...view, router };
}

const menuButton = () => screen.getByRole('button', { name: 'เมนู' });
const sidebar = () => document.getElementById('site-sidebar') as HTMLElement;

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).endsWith('/v1/events/pagination')) {
        return new Response(JSON.stringify({ status: 'success', body: onSale }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await clearCart('standard');
  await clearCart('manual');
});

describe('notifications', () => {
  it('offers no contact hint where the store has no support channel', async () => {
    await renderShell();
    fireEvent.click(screen.getByRole('button', { name: /^การแจ้งเตือน/ }));
    const panel = screen.getByRole('dialog', { name: 'การแจ้งเตือน' });
    expect(within(panel).queryByRole('link', { name: 'ติดต่อทีมงาน' })).toBeNull();
    expect(within(panel).getByRole('link', { name: 'ค้นหาคำสั่งซื้อ' })).toBeInTheDocument();
  });

  it('opens the news and the contact hint, closes on Escape with focus back on the bell', async () => {
    support.current = { lineId: '@runfoto' };
    onTestFinished(() => {
      support.current = {};
    });
    // A device that saw older news: its bell says there is news.
    localStorage.setItem('notifications_seen', 'an older version');
    await renderShell();
    const bell = screen.getByRole('button', { name: 'การแจ้งเตือน (มีข่าวใหม่)' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('dialog', { name: 'การแจ้งเตือน' });
    expect(panel).toHaveFocus();
    expect(within(panel).getByText(/อัปโหลดเซลฟี่ที่เห็นใบหน้าชัด/)).toBeVisible();
    expect(within(panel).getByText(/ประมาณ 35 วันหลังวันจัดงาน/)).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'ติดต่อทีมงาน' })).toHaveAttribute('href', CONTACT_PAGE_URL);
    // Opened once: the "new" marker goes and stays gone.
    expect(bell).toHaveAccessibleName('การแจ้งเตือน');
    expect(localStorage.getItem('notifications_seen')).not.toBe('an older version');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    expect(bell).toHaveFocus();
  });

  it('closes on a click outside', async () => {
    await renderShell();
    fireEvent.click(screen.getByRole('button', { name: /การแจ้งเตือน/ }));
    // A real pointerdown (jsdom has no onpointerdown, so fireEvent.pointerDown would name the event otherwise).
    const outside = screen.getByRole('heading', { level: 1 });
    fireEvent(outside, createEvent.pointerDown(outside));
    expect(screen.getByRole('button', { name: /การแจ้งเตือน/ })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('cart icon', () => {
  it('links to the standard cart with its count', async () => {
    await renderShell('/');
    const cart = screen.getByRole('link', { name: 'ตะกร้าสินค้า (0 ภาพ)' });
    expect(cart).toHaveAttribute('href', '/cart');
    await act(async () => {
      await addToCart('standard', photo(1));
    });
    await act(async () => {
      await addToCart('standard', photo(2));
    });
    expect(await screen.findByRole('link', { name: 'ตะกร้าสินค้า (2 ภาพ)' })).toHaveTextContent('2');
  });

  it('links to the manual cart on a path ending in "manual"', async () => {
    await act(async () => {
      await addToCart('manual', photo(7));
    });
    await renderShell('/bangkok-city-marathon-2026/manual');
    const cart = await screen.findByRole('link', { name: 'ตะกร้าภาพตามจุดถ่าย (1 ภาพ)' });
    expect(cart).toHaveAttribute('href', '/cart-manual');
  });
});

describe('light and dark', () => {
  it('switches the layout, keeps it as layoutVersion and puts it on <html>', async () => {
    await renderShell();
    const toggle = screen.getByRole('button', { name: 'โหมดมืด' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem('layoutVersion')).toBe('dark-only');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(document.documentElement.style.getPropertyValue('--primary-ink')).toBe('#111318');
    fireEvent.click(toggle);
    expect(localStorage.getItem('layoutVersion')).toBe('light');
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
  });

  it('keeps the chosen colours as primary_color and secondary_color', async () => {
    await renderShell('/', 1280);
    fireEvent.click(screen.getByRole('radio', { name: 'ฟ้าทะเล' }));
    expect(localStorage.getItem('primary_color')).toBe('#0e7490');
    expect(localStorage.getItem('secondary_color')).toBe('#0f2a3d');
    expect(screen.getByRole('radio', { name: 'ฟ้าทะเล' })).toBeChecked();
    await waitFor(() => expect(document.documentElement.style.getPropertyValue('--primary')).toBe('#0e7490'));
  });
});

describe('sidebar', () => {
  it('opens over the page on a phone as a modal dialog; Escape closes it and focus returns', async () => {
    await renderShell('/', 390);
    expect(sidebar()).toHaveAttribute('data-mode', 'closed');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menuButton());
    expect(sidebar()).toHaveAttribute('data-mode', 'overlay');
    expect(screen.getByRole('dialog', { name: 'เมนู' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'ปิดเมนู' })).toHaveFocus();
    expect(document.querySelector('.app-header')).toHaveAttribute('inert');
    expect(document.querySelector('.shell-content')).toHaveAttribute('inert');
    expect(document.querySelector('.sidebar-backdrop')).not.toBeNull();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(sidebar()).toHaveAttribute('data-mode', 'closed');
    expect(document.querySelector('.sidebar-backdrop')).toBeNull();
    expect(menuButton()).toHaveFocus();
    // Narrow screens always start closed: nothing is remembered.
    expect(localStorage.getItem('SidebarType')).toBeNull();
  });

  it('keeps Tab inside the overlaid sidebar and closes on a click on the overlay', async () => {
    await renderShell('/', 390);
    fireEvent.click(menuButton());
    const close = screen.getByRole('button', { name: 'ปิดเมนู' });
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(close).not.toHaveFocus();
    expect(sidebar().contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.click(document.querySelector('.sidebar-backdrop') as Element);
    expect(sidebar()).toHaveAttribute('data-mode', 'closed');
  });

  it('stays beside the content on a wide screen, remembers being closed, and closes under 1007 px', async () => {
    await renderShell('/', 1280);
    expect(sidebar()).toHaveAttribute('data-mode', 'docked');
    expect(sidebar()).not.toHaveAttribute('role');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(menuButton());
    expect(sidebar()).toHaveAttribute('data-mode', 'closed');
    expect(localStorage.getItem('SidebarType')).toBe('closed');
    fireEvent.click(menuButton());
    expect(localStorage.getItem('SidebarType')).toBe('open');

    setWidth(1000);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(sidebar()).toHaveAttribute('data-mode', 'closed');
    fireEvent.click(menuButton());
    expect(sidebar()).toHaveAttribute('data-mode', 'docked');
    setWidth(900);
    act(() => void window.dispatchEvent(new Event('resize')));
    expect(sidebar()).toHaveAttribute('data-mode', 'overlay');
  });

  it('lists the pages and the events on sale, and closes after a link on a phone', async () => {
    const { router } = await renderShell('/', 390);
    fireEvent.click(menuButton());
    const nav = screen.getByRole('navigation', { name: 'เมนูหลัก' });
    for (const name of [
      'หน้าแรก',
      'วิธีสั่งซื้อภาพ',
      'ค้นหาคำสั่งซื้อ',
      'ตะกร้าสินค้า',
      'เกี่ยวกับเรา',
      'นโยบายการคืนเงิน',
      'ข้อกำหนดการใช้งาน',
      'วิธีดาวน์โหลดภาพ',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    const event = await within(nav).findByRole('link', { name: 'บางกอก ซิตี้ มาราธอน 2026' });
    expect(event).toHaveAttribute('href', '/bangkok-city-marathon-2026');
    fireEvent.click(within(nav).getByRole('link', { name: 'เกี่ยวกับเรา' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    await waitFor(() => expect(sidebar()).toHaveAttribute('data-mode', 'closed'));
  });

  it('searches the menu by Thai or English name and event', async () => {
    await renderShell('/', 1280);
    const search = screen.getByRole('searchbox', { name: 'ค้นหาเมนู' });
    changeField(search, { target: { value: 'มาราธอน' } });
    expect(document.querySelector('.sidebar-nav')).not.toBeVisible();
    expect(await screen.findByRole('link', { name: 'บางกอก ซิตี้ มาราธอน 2026' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'โคราช ฮาล์ฟมาราธอน 2026' })).toBeInTheDocument();
    expect(screen.getByText('พบ 2 รายการ')).toHaveAttribute('role', 'status');

    changeField(search, { target: { value: 'refund' } });
    const results = document.querySelector('.menu-search') as HTMLElement;
    expect(await within(results).findByRole('link', { name: 'นโยบายการคืนเงิน' })).toHaveAttribute(
      'href',
      '/refund-policy',
    );

    changeField(search, { target: { value: 'ไม่มีแน่นอน' } });
    expect(screen.getByText(/ไม่พบเมนูที่ตรงกับคำค้น ลองพิมพ์/)).toBeInTheDocument();
    fireEvent.keyDown(search, { key: 'Escape' });
    expect(search).toHaveValue('');
    expect(sidebar()).toHaveAttribute('data-mode', 'docked');
  });

  it('bookmarks the page being viewed, up to 8', async () => {
    await renderShell('/about', 1280);
    const add = screen.getByRole('button', { name: 'บุ๊กมาร์กหน้านี้' });
    fireEvent.click(add);
    expect(JSON.parse(localStorage.getItem('bookmarks') ?? '[]')).toEqual([
      { path: '/about', title: 'เกี่ยวกับเรา' },
    ]);
    const section = screen.getByRole('region', { name: /บุ๊กมาร์ก/ });
    expect(within(section).getByRole('link', { name: 'เกี่ยวกับเรา' })).toHaveAttribute('href', '/about');
    expect(within(section).getByText('1 จาก 8')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ลบบุ๊กมาร์ก เกี่ยวกับเรา' }));
    expect(localStorage.getItem('bookmarks')).toBe('[]');
  });

  it('refuses a ninth bookmark', async () => {
    const eight = Array.from({ length: 8 }, (_, i) => ({ path: `/event-${i}`, title: `งาน ${i}` }));
    localStorage.setItem('bookmarks', JSON.stringify(eight));
    await renderShell('/about', 1280);
    expect(screen.getByRole('button', { name: 'บุ๊กมาร์กหน้านี้' })).toBeDisabled();
    expect(screen.getByText(/บุ๊กมาร์กครบ 8 รายการแล้ว/)).toBeInTheDocument();
  });

  it('pins an entry to the top of the menu and keeps it as "pins"', async () => {
    await renderShell('/', 1280);
    fireEvent.click(screen.getByRole('button', { name: 'ปักหมุด วิธีดาวน์โหลดภาพ' }));
    expect(localStorage.getItem('pins')).toBe('["page:how-to-use"]');
    const pinned = screen.getByRole('heading', { name: 'ปักหมุดไว้' }).closest('section') as HTMLElement;
    expect(within(pinned).getByRole('link', { name: 'วิธีดาวน์โหลดภาพ' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ปักหมุด วิธีดาวน์โหลดภาพ' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: 'ปักหมุด วิธีดาวน์โหลดภาพ' }));
    expect(screen.queryByRole('heading', { name: 'ปักหมุดไว้' })).toBeNull();
  });
});

describe('scroll to top', () => {
  it('appears after 600 px of scrolling and takes the page back up', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo;
    await renderShell();
    expect(screen.queryByRole('button', { name: 'กลับขึ้นด้านบน' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 600 });
    fireEvent.scroll(window);
    await new Promise((r) => requestAnimationFrame(r));
    expect(screen.queryByRole('button', { name: 'กลับขึ้นด้านบน' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 601 });
    fireEvent.scroll(window);
    const button = await screen.findByRole('button', { name: 'กลับขึ้นด้านบน' });
    fireEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.getElementById('main')).toHaveFocus();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
});

describe('new version and offline', () => {
  it('offers the new version, but not while the buyer is in the middle of a download or a checkout', async () => {
    await renderShell();
    const apply = vi.fn();
    act(() => worker.updateReady?.(apply));
    const bar = await screen.findByText('มีเวอร์ชันใหม่พร้อมใช้งาน');
    expect(bar).toBeVisible();
    let done: () => void = () => undefined;
    act(() => {
      done = markBusy('download');
    });
    expect(screen.queryByText('มีเวอร์ชันใหม่พร้อมใช้งาน')).toBeNull();
    act(() => done());
    fireEvent.click(await screen.findByRole('button', { name: 'โหลดใหม่' }));
    expect(apply).toHaveBeenCalledOnce();
  });

  it('marks the shell offline, and loads the page’s data again when the connection or a fresher copy comes', async () => {
    const { router } = await renderShell();
    const invalidate = vi.spyOn(router, 'invalidate');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      act(() => {
        window.dispatchEvent(new Event('offline'));
      });
      expect(screen.getByText('ออฟไลน์').closest('[role="status"]')).toBeInTheDocument();
      onLine.mockReturnValue(true);
      act(() => {
        window.dispatchEvent(new Event('online'));
      });
      expect(screen.queryByText('ออฟไลน์')).toBeNull();
      await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(1));
      act(() => worker.message?.({ type: 'API_UPDATED', path: '/api/v1/events/soon' }));
      await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(2));
    } finally {
      onLine.mockRestore();
    }
  });
});
