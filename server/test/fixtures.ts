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
