// Test helper: an on-sale event as the lists answer it; tests override what they are about.
import type { EventSummary } from '../../core/contract/events';

export const eventSummary = (i: number, overrides: Partial<EventSummary> = {}): EventSummary => ({
  event_id: i,
  event_key: `event-${i}`,
  title: `งานวิ่ง ${i}`,
  coverurl: `/storage/event-${i}/cover.jpg`,
  event_date_text: '16 พฤศจิกายน 2569',
  eventdate: '2026-11-16',
  province: 'เชียงใหม่',
  pin: 0,
  team_key: null,
  on_sale_start: '2026-11-16T00:00:00.000Z',
  on_sale_end: '2026-12-16T00:00:00.000Z',
  on_sale_start_txt: '16/11/2026 07:00',
  day_diff: 30,
  can_sale: 'Y',
  close_sale: 'N',
  is_hybrid: 'N',
  is_event_stage: 'N',
  is_mhao: 'N',
  is_mhao_hybrid: 'N',
  is_free_download: 'N',
  is_free_download_keep_contract: 'N',
  ...overrides,
});
