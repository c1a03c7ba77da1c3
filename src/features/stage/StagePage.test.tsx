import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { photoCopyUrl } from '../../../core/contract/photos';
import { changeField } from '../../test/change-field';
import { eventSummary } from '../../test/event-summary';
import { renderPage } from '../../test/render-page';
import { clearCart } from '../cart/cart-store';
import { StagePage } from './StagePage';

const stageEvent = (overrides: Partial<EventDetail> = {}): EventDetail => ({
  ...eventSummary(4, { event_key: 'phuket-beach-run-2026', title: 'ภูเก็ต บีชรัน 2026', is_event_stage: 'Y' }),
  mhao_price: '0.00',
  hybrid_mhao_price: '0.00',
  face_threshold: 0.5,
  max_face_search: 200,
  caption_button_buy_all: '',
  payment_currency: 'THB',
  package: [],
  package_hb: [],
  stage: [
    { id: 1, name: 'จุดปล่อยตัว', name_en: 'Start' },
    { id: 2, name: 'เส้นชัย', name_en: 'Finish line' },
  ],
  ...overrides,
});

const photo = (id: number): Photo => ({
  id,
  event_id: 4,
  photographer_id: 1,
  original_file_name: `DSC_${id}.JPG`,
  thumbnail_file_name: `t${id}.jpg`,
  preview_file_name: `t${id}.jpg`,
  atc: 'N',
  is_manual: 'N',
});

const times = [{ label: '07:00-08:00', start: '2026-11-13T00:00:00.000Z', end: '2026-11-13T01:00:00.000Z' }];
let count = 2;
const calls: { url: string; body: Record<string, unknown> | undefined }[] = [];

beforeEach(async () => {
  await clearCart('manual');
  calls.length = 0;
  count = 2;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      const json = (answer: unknown) => new Response(JSON.stringify({ status: 'success', body: answer }));
      if (url.endsWith('/image-time')) return json(times);
      if (url.endsWith('/pagination-count')) return json([{ image_count: count }]);
      const page = Number(body?.page ?? 1);
      return json([photo(page * 100 + 1), photo(page * 100 + 2)]);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('StagePage', () => {
  it('says an event without stages has no stage page, with a link back to the event', async () => {
    await renderPage(() => (
      <StagePage data={{ state: 'loaded', event: stageEvent({ is_event_stage: 'N', stage: [] }) }} />
    ));
    expect(screen.getByText(/งานนี้ไม่มีการเลือกภาพตามจุดถ่ายภาพ/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'กลับไปหน้างาน' })).toHaveAttribute(
      'href',
      '/phuket-beach-run-2026',
    );
  });

  it('searches the chosen stage and time, shows the photos and adds one to the manual cart', async () => {
    await renderPage(() => <StagePage data={{ state: 'loaded', event: stageEvent() }} />);
    expect(screen.getByText('ซื้อแพ็กเกจเหมาแล้ว ต้องการภาพเพิ่ม?')).toBeInTheDocument();
    await screen.findByRole('option', { name: '07:00-08:00' });
    changeField(screen.getByLabelText('จุดถ่ายภาพ'), { target: { value: '2' } });
    changeField(screen.getByLabelText('ช่วงเวลา'), {
      target: { value: '2026-11-13T00:00:00.000Z/2026-11-13T01:00:00.000Z' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    expect(await screen.findByText('พบ 2 ภาพ')).toBeInTheDocument();
    const filter = {
      event_id: 4,
      event_stages_id: 2,
      event_image_duration: '2026-11-13T00:00:00.000Z/2026-11-13T01:00:00.000Z',
    };
    expect(calls.find((c) => c.url === '/api/v1/imagestage/pagination-count')?.body).toEqual(filter);
    expect(calls.find((c) => c.url === '/api/v1/imagestage/pagination')?.body).toEqual({
      ...filter,
      event_key: 'phuket-beach-run-2026',
      page: 1,
      page_size: 200,
      total: 2,
    });
    expect(screen.getByRole('img', { name: 'ภาพ DSC_101.JPG' })).toHaveAttribute(
      'src',
      photoCopyUrl('/storage/phuket-beach-run-2026/thumbnail/t101.jpg'),
    );
    expect(screen.queryByRole('navigation', { name: 'เลือกหน้า' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'เพิ่มลงตะกร้า DSC_101.JPG' }));
    const remove = await screen.findByRole('button', { name: 'นำออก DSC_101.JPG' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'ตะกร้า (1 ภาพ)' })).toBeInTheDocument());
    fireEvent.click(remove);
    expect(await screen.findByRole('button', { name: 'เพิ่มลงตะกร้า DSC_101.JPG' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'ยกเลิก' }));
    expect(screen.queryByText('พบ 2 ภาพ')).toBeNull();
    expect(screen.getByLabelText('จุดถ่ายภาพ')).toHaveValue('');
  });

  it('pages 450 photos 200 at a time', async () => {
    count = 450;
    await renderPage(() => <StagePage data={{ state: 'loaded', event: stageEvent() }} />);
    fireEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    expect(await screen.findByText(/พบ 450 ภาพ/)).toBeInTheDocument();
    const pager = screen.getAllByRole('navigation', { name: 'เลือกหน้า' })[0] as HTMLElement;
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);
    fireEvent.click(within(pager).getByRole('button', { name: 'หน้า 3' }));
    expect(await screen.findByRole('img', { name: 'ภาพ DSC_301.JPG' })).toBeInTheDocument();
    expect(calls.at(-1)?.body).toMatchObject({ page: 3, event_stages_id: '', event_image_duration: '' });
    expect(within(pager).getByRole('button', { name: 'หน้า 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the stage names in English when the language is English', async () => {
    await renderPage(() => <StagePage data={{ state: 'loaded', event: stageEvent() }} />, { language: 'en' });
    expect(screen.getByRole('option', { name: 'Finish line' })).toBeInTheDocument();
  });
});
