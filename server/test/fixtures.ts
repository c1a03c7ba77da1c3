// Test helper: a minimal event row; tests override what they are about.
import type { NewEvent } from '../db/schema';

export const testEvent = (eventKey: string, overrides: Partial<NewEvent> = {}): NewEvent => ({
  event_key: eventKey,
  title: eventKey,
  cover_object: `${eventKey}/cover.jpg`,
  event_date_text: '',
  eventdate: '2026-11-20',
  province: '',
  team_key: null,
  on_sale_start: new Date('2026-11-20T00:00:00Z'),
  on_sale_end: new Date('2026-12-20T00:00:00Z'),
  ...overrides,
});

const DAY_MS = 86_400_000;

/**
 * The fields of an event that route tests do not look at (Phuket, 15 November), on sale from a day before `now` for
 * 30 days; the test adds its key and title.
 */
export const phuketEventOnSale = (now: Date) => ({
  cover_object: 'x/cover.jpg',
  event_date_text: '15 พฤศจิกายน 2569',
  eventdate: '2026-11-15',
  province: 'ภูเก็ต',
  team_key: null,
  on_sale_start: new Date(now.getTime() - DAY_MS),
  on_sale_end: new Date(now.getTime() + 30 * DAY_MS),
});
