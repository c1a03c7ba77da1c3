import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '../../../core/contract/events';
import { appDb } from '../../lib/db/app-db';
import { readFlag, readList, setLatestResults } from '../cart/cart-store';
import { eventDetail, hybridEvent } from '../events/event-detail.fixture';
import { renderEventRoute } from '../events/render-event-route';
import { WholesalePage } from './WholesalePage';

vi.mock('../face-search/FaceSearchPanel', () => ({
  FaceSearchPanel: (props: { variant: string; cartKind: string }) => (
    <div data-testid="face-search">{`${props.variant}:${props.cartKind}`}</div>
  ),
}));

const photo = (id: number, event_key = 'phuket-beach-run-2026') => ({
  id,
  event_id: 4,
  event_key,
  thumbnail_file_name: `DSC_${id}.JPG`,
  original_file_name: `DSC_${id}.JPG`,
  preview_file_name: `DSC_${id}.JPG`,
});

beforeEach(async () => {
  localStorage.clear();
  await Promise.all(appDb.tables.map((table) => table.clear()));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ status: 'success', body: [] }), { status: 200 })),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function show(event: EventDetail) {
  localStorage.setItem(`consent_${event.event_key}`, 'Y');
  return renderEventRoute(() => <WholesalePage data={{ state: 'loaded', event }} />, {
    path: `/${event.event_key}/wholesale`,
  });
}

describe('WholesalePage', () => {
  it('says a non-hybrid event has no bundle and links back to the event', async () => {
    await show(eventDetail());
    expect(screen.getByText('งานนี้ไม่รองรับการซื้อภาพแบบเหมา')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'กลับไปหน้างาน' })).toHaveAttribute(
      'href',
      '/bangkok-city-marathon-2026',
    );
    expect(screen.queryByTestId('face-search')).not.toBeInTheDocument();
  });

  it('shows a hybrid event bundle: photographer teams, price, way back, face search and highlights', async () => {
    await show(hybridEvent());
    expect(screen.getByRole('heading', { level: 1, name: 'ภูเก็ต บีชรัน 2026' })).toBeInTheDocument();
    expect(screen.getByText('รับทุกภาพของคุณจากช่างภาพทุกคนในงาน ราคาเดียว ฿590.00')).toBeInTheDocument();
    expect(screen.getByText('ทีมช่างภาพจุดสตาร์ท')).toBeInTheDocument();
    expect(screen.getByText('ทีมช่างภาพชายหาด')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'กลับไปดูราคาแพ็กเกจปกติ' })).toHaveAttribute(
      'href',
      '/phuket-beach-run-2026',
    );
    expect(screen.getByTestId('face-search')).toHaveTextContent('wholesale:wholesale');
    expect(await screen.findByText('งานนี้ยังไม่มีภาพไฮไลต์')).toBeInTheDocument();
    expect(document.title).toBe('แพ็กเกจเหมา ภูเก็ต บีชรัน 2026 | RunFoto');
  });

  it('before any search of this event, buy-all says to search first, not the pricing policy', async () => {
    await setLatestResults('wholesale', [photo(1, 'another-event')]);
    await show(hybridEvent());
    fireEvent.click(screen.getByRole('button', { name: 'ซื้อเหมาทุกภาพจากช่างภาพทุกคน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ค้นหารูปของคุณด้วยรูปเซลฟี่ด้านบนก่อน แล้วจึงกดซื้อเหมาทุกภาพ',
    );
    expect(screen.queryByText(/ไม่สามารถดำเนินการสั่งซื้อได้/)).toBeNull();
    expect(await readList('cart', 'wholesale')).toEqual([]);
    // A later search of this event finds photos: the refusal goes away.
    await setLatestResults('wholesale', [photo(1), photo(2)]);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText(/^ภาพของคุณจากการค้นหาล่าสุด 2 ภาพ/)).toBeInTheDocument();
  });

  it('buys every latest result at the bundle price and opens the wholesale cart', async () => {
    await setLatestResults('wholesale', [photo(1), photo(2), photo(3)]);
    await show(hybridEvent());
    expect(await screen.findByText('ภาพของคุณจากการค้นหาล่าสุด 3 ภาพ · เฉลี่ยภาพละ ฿196.67')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ซื้อเหมาทุกภาพจากช่างภาพทุกคน' }));
    expect(await screen.findByTestId('page')).toHaveTextContent('cart-wholesale');
    expect((await readList('cart', 'wholesale')).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(await readFlag('wholesale')).toBe('YES');
  });

  it('with few photos, says normal prices cost less and buys them so in the standard cart', async () => {
    await setLatestResults('wholesale', [photo(1), photo(2), photo(3)]);
    await show(hybridEvent());
    expect(await screen.findByText('ราคาปกติของ 3 ภาพนี้ ฿180.00 ถูกกว่าแพ็กเกจเหมา ฿590.00')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'ซื้อภาพเหล่านี้ในราคาปกติแทน' }));
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent(/^cart$/));
    expect((await readList('cart', 'standard')).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(await readList('cart', 'wholesale')).toEqual([]);
  });

  it('with many photos, shows both prices, the bundle the cheaper', async () => {
    await setLatestResults(
      'wholesale',
      Array.from({ length: 15 }, (_, i) => photo(i + 1)),
    );
    await show(hybridEvent());
    expect(await screen.findByText('แพ็กเกจเหมา ฿590.00 · ราคาปกติ ฿750.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ซื้อภาพเหล่านี้ในราคาปกติแทน' })).toBeNull();
  });

  it('shows no face search or buy-all once the sale has closed', async () => {
    await show(hybridEvent({ close_sale: 'Y' }));
    expect(screen.getByText('ปิดการขายแล้ว')).toBeInTheDocument();
    expect(screen.queryByTestId('face-search')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ซื้อเหมาทุกภาพจากช่างภาพทุกคน' })).not.toBeInTheDocument();
  });

  it('asks for consent on a first visit here too', async () => {
    const event = hybridEvent();
    await renderEventRoute(() => <WholesalePage data={{ state: 'loaded', event }} />, {
      path: '/phuket-beach-run-2026/wholesale',
    });
    const dialog = screen.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ยอมรับ' }));
    await waitFor(() => expect(localStorage.getItem('consent_phuket-beach-run-2026')).toBe('Y'));
  });

  it('asks no consent for faces on an event whose organiser turned face search off', async () => {
    const event = hybridEvent({ face_search: 'N' });
    await renderEventRoute(() => <WholesalePage data={{ state: 'loaded', event }} />, {
      path: '/phuket-beach-run-2026/wholesale',
    });
    expect(screen.getByTestId('face-search')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
