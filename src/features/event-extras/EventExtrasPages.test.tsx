import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../../core/contract/events';
import { eventSummary } from '../../test/event-summary';
import { renderPage } from '../../test/render-page';
import { EventDetailPage } from './EventDetailPage';
import { EventVideosPage } from './EventVideosPage';

const event = (overrides: Partial<EventDetail> = {}): EventDetail => ({
  ...eventSummary(4, { event_key: 'phuket-beach-run-2026', title: 'ภูเก็ต บีชรัน 2026', province: 'ภูเก็ต' }),
  mhao_price: '0.00',
  hybrid_mhao_price: '590.00',
  face_threshold: 0.5,
  max_face_search: 200,
  caption_button_buy_all: '',
  payment_currency: 'THB',
  package: [
    { name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60.00' },
    { name: '20 ภาพ', name_en: '20 photos', number_of_photo: 20, price: '800.00' },
  ],
  package_hb: [],
  stage: [{ id: 1, name: 'จุดปล่อยตัว', name_en: 'Start' }],
  ...overrides,
});

describe('EventDetailPage', () => {
  it('shows the race detail: title, province, sale state, package prices and the way to its photos', async () => {
    await renderPage(() => (
      <EventDetailPage
        data={{ state: 'loaded', event: event({ is_event_stage: 'Y', is_hybrid: 'Y', is_mhao_hybrid: 'Y' }) }}
      />
    ));
    expect(screen.getByRole('heading', { level: 1, name: 'ภูเก็ต บีชรัน 2026' })).toBeInTheDocument();
    expect(screen.getByText(/ภูเก็ต$/)).toBeInTheDocument();
    expect(screen.getByText('เปิดขายอยู่ตอนนี้')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '20 ภาพ' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '฿800.00' })).toBeInTheDocument();
    expect(screen.getByText('เหมาทุกภาพจากช่างภาพทุกคนในราคา ฿590.00')).toBeInTheDocument();
    expect(screen.getByText('เลือกภาพเองได้จาก 1 จุดถ่ายภาพ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ค้นหาภาพของงานนี้' })).toHaveAttribute(
      'href',
      '/phuket-beach-run-2026',
    );
    expect(screen.getByRole('link', { name: 'รับแพ็กเกจเหมาทุกภาพ' })).toHaveAttribute(
      'href',
      '/phuket-beach-run-2026/wholesale',
    );
    expect(document.title).toBe('รายละเอียดงาน - ภูเก็ต บีชรัน 2026 | RunFoto');
  });

  it('says when the sale has not opened or has ended', async () => {
    await renderPage(() => <EventDetailPage data={{ state: 'loaded', event: event({ can_sale: 'N' }) }} />);
    expect(screen.getByText(/ยังไม่เปิดขาย กลับมาใหม่ในวันที่/)).toBeInTheDocument();
  });
});

describe('EventVideosPage', () => {
  it('says there are no videos yet and links to the event photos', async () => {
    await renderPage(() => <EventVideosPage data={{ state: 'loaded', event: event() }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'ภูเก็ต บีชรัน 2026' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ยังไม่มีวิดีโอสำหรับงานนี้');
    expect(screen.getByRole('link', { name: 'ค้นหาภาพของงานนี้' })).toHaveAttribute(
      'href',
      '/phuket-beach-run-2026',
    );
    expect(document.title).toBe('วิดีโอ - ภูเก็ต บีชรัน 2026 | RunFoto');
  });
});
