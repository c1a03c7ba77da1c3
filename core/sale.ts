// Sale state of an event (SPEC §4 Event sale) and the days left before its photos expire.
import { COUNTDOWN_MAX_DAYS, COUNTDOWN_MIN_DAYS, PHOTO_RETENTION_DAYS } from './constants';
import { type YN, yn } from './contract/common';

const DAY_MS = 86_400_000;
/** Thailand keeps one offset all year (no daylight saving). */
const BANGKOK_OFFSET_MS = 7 * 3_600_000;

export interface SaleWindow {
  onSaleStart: Date;
  onSaleEnd: Date;
  /** The event's calendar date in Thailand, YYYY-MM-DD. */
  eventDate: string;
  retentionDays?: number;
}

export interface SaleState {
  can_sale: YN;
  close_sale: YN;
  day_diff: number;
}

/** Midnight at the start of a Thai calendar date, as an instant. */
const bangkokMidnight = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`) - BANGKOK_OFFSET_MS;

export function saleState(window: SaleWindow, now: Date): SaleState {
  const t = now.getTime();
  const retention = window.retentionDays ?? PHOTO_RETENTION_DAYS;
  const expiresAt = bangkokMidnight(window.eventDate) + (retention + 1) * DAY_MS;
  const day_diff = Math.max(0, Math.ceil((expiresAt - t) / DAY_MS));
  return {
    can_sale: yn(t >= window.onSaleStart.getTime()),
    // Photos past their retention period cannot be sold, whatever the sale window says.
    close_sale: yn(t > window.onSaleEnd.getTime() || day_diff === 0),
    day_diff,
  };
}

export type UploadAreaState = 'not-open' | 'ended' | 'open';

/** What the upload area of the event page shows. */
export function uploadAreaState(state: Pick<SaleState, 'can_sale' | 'close_sale'>): UploadAreaState {
  if (state.can_sale === 'N') return 'not-open';
  if (state.close_sale === 'Y') return 'ended';
  return 'open';
}

/** Whether the red "time left to store photo N days" note shows. */
export const showsCountdown = (dayDiff: number): boolean =>
  dayDiff >= COUNTDOWN_MIN_DAYS && dayDiff <= COUNTDOWN_MAX_DAYS;

/** "22/11/2026 08:00" in Thai time, the form on_sale_start_txt carries. */
export function bangkokDateTimeText(instant: Date): string {
  const d = new Date(instant.getTime() + BANGKOK_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}
