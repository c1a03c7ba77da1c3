// Test fixture: an event as GET /v1/events/{key} answers it; tests override what they are about.
import type { EventDetail } from '../../../core/contract/events';
import { eventSummary } from '../../test/event-summary';

export const eventDetail = (overrides: Partial<EventDetail> = {}): EventDetail => ({
  ...eventSummary(1, {
    event_key: 'bangkok-city-marathon-2026',
    title: 'บางกอก ซิตี้ มาราธอน 2026',
    province: 'กรุงเทพมหานคร',
  }),
  mhao_price: '0.00',
  hybrid_mhao_price: '0.00',
  face_threshold: 0.5,
  max_face_search: 200,
  caption_button_buy_all: '',
  payment_currency: 'THB',
  package: [
    { name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60.00' },
    { name: '5 ภาพ', name_en: '5 photos', number_of_photo: 5, price: '250.00' },
  ],
  package_hb: [],
  stage: [],
  face_search: 'Y',
  ...overrides,
});

export const hybridEvent = (overrides: Partial<EventDetail> = {}): EventDetail =>
  eventDetail({
    event_key: 'phuket-beach-run-2026',
    title: 'ภูเก็ต บีชรัน 2026',
    is_hybrid: 'Y',
    is_event_stage: 'Y',
    is_mhao_hybrid: 'Y',
    hybrid_mhao_price: '590.00',
    package_hb: [
      { name: 'ทีมช่างภาพจุดสตาร์ท', name_en: 'Start line photographers' },
      { name: 'ทีมช่างภาพชายหาด', name_en: 'Beach photographers' },
    ],
    ...overrides,
  });
