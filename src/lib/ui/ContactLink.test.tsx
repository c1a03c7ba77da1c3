// Every "contact us" link leads to channels that exist. With no SUPPORT_* channel set the
// store makes no offer to contact it (running text keeps its words, without a link); with one, the offers link
// to the contact section, which lists it, and the failed search says what to send.

import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchStatus } from '../../features/face-search/SearchStatus';
import { initialSearchState } from '../../features/face-search/search-machine';
import { AboutPage } from '../../features/pages/AboutPage';
import { HowToOrderPage } from '../../features/pages/HowToOrderPage';
import { HowToUsePage } from '../../features/pages/HowToUsePage';
import { RefundPolicyPage } from '../../features/pages/RefundPolicyPage';
import { renderPage } from '../../test/render-page';
import { support } from '../../test/support-settings';

vi.mock('../app-settings', async (original) =>
  (await import('../../test/support-settings')).withSupport(await original()),
);

const notFound = () => (
  <SearchStatus state={{ ...initialSearchState, current: { step: 'not-found' } as never }} />
);
const contactLinks = () =>
  screen.queryAllByRole('link').filter((link) => link.getAttribute('href') === '/about#contact');

describe('contact links without any support channel', () => {
  beforeEach(() => {
    support.current = {};
  });

  it('a search with no match offers no dead-end contact link', async () => {
    await renderPage(notFound);
    expect(screen.getByText('ไม่พบรูปภาพ ลองใช้รูปอื่นที่เห็นใบหน้าชัดเจนเพียงหน้าเดียว')).toBeInTheDocument();
    expect(screen.queryByText(/ติดต่อแอดมินให้ช่วยหารูป/)).toBeNull();
    expect(contactLinks()).toEqual([]);
  });

  it('the About page says nothing of channels it cannot list; the how-to pages keep find-order', async () => {
    await renderPage(AboutPage);
    const contact = screen.getByRole('region', { name: 'ติดต่อเรา' });
    expect(contact).not.toHaveTextContent('ช่องทางด้านล่าง');
    expect(within(contact).getByRole('link', { name: 'ค้นหาคำสั่งซื้อ' })).toBeInTheDocument();
    for (const page of [HowToOrderPage, HowToUsePage]) {
      const { unmount } = await renderPage(page);
      expect(contactLinks()).toEqual([]);
      expect(screen.getAllByRole('link', { name: 'ค้นหาคำสั่งซื้อ' })[0]).toHaveAttribute('href', '/find-order');
      unmount();
    }
  });

  it('running text keeps its words without a link (the refund policy)', async () => {
    await renderPage(RefundPolicyPage);
    expect(screen.getByText(/ติดต่อทีมงาน/)).toBeInTheDocument();
    expect(contactLinks()).toEqual([]);
  });
});

describe('contact links with a support channel', () => {
  beforeEach(() => {
    support.current = { lineId: '@runfoto', email: 'help@runfoto.example' };
  });

  it('a search with no match links to the contact section, lists the channels and says what to send', async () => {
    await renderPage(notFound, { language: 'en' });
    expect(screen.getByRole('link', { name: 'Contact the admin to help find your photos' })).toHaveAttribute(
      'href',
      '/about#contact',
    );
    expect(screen.getByText(/bib number/)).toBeInTheDocument();
    expect(screen.getByText(/selfie/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '@runfoto' })).toBeInTheDocument();
  });

  it('the About page lists them; policies and how-to pages link there', async () => {
    await renderPage(AboutPage);
    const contact = screen.getByRole('region', { name: 'ติดต่อเรา' });
    expect(within(contact).getByRole('link', { name: 'help@runfoto.example' })).toHaveAttribute(
      'href',
      'mailto:help@runfoto.example',
    );
    for (const page of [RefundPolicyPage, HowToOrderPage, HowToUsePage]) {
      const { unmount } = await renderPage(page);
      expect(contactLinks().length).toBeGreaterThan(0);
      unmount();
    }
  });
});
