// Table types for Kysely. Amounts are numeric (strings in JS), flags are booleans, times are timestamptz.
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface EventsTable {
  event_id: Generated<number>;
  event_key: string;
  title: string;
  cover_object: string;
  event_date_text: string;
  /** The event's calendar date in Thailand (YYYY-MM-DD). */
  eventdate: string;
  province: string;
  pin: Generated<number>;
  team_key: string | null;
  on_sale_start: Timestamp;
  on_sale_end: Timestamp;
  retention_days: Generated<number>;
  is_hybrid: Generated<boolean>;
  is_event_stage: Generated<boolean>;
  is_mhao: Generated<boolean>;
  mhao_price: ColumnType<string, string | number | undefined, string | number>;
  is_mhao_hybrid: Generated<boolean>;
  hybrid_mhao_price: ColumnType<string, string | number | undefined, string | number>;
  is_free_download: Generated<boolean>;
  is_free_download_keep_contract: Generated<boolean>;
  face_threshold: Generated<number>;
  max_face_search: Generated<number>;
  caption_button_buy_all: Generated<string>;
  payment_currency: Generated<string>;
  created_at: Generated<Timestamp>;
}

export interface EventPackagesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  name_en: string;
  number_of_photo: number;
  price: ColumnType<string, string | number, string | number>;
}

export interface EventPackagesHbTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  name_en: string;
}

export interface EventStagesTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  name_en: string;
  sort_order: Generated<number>;
}

export interface Database {
  events: EventsTable;
  event_packages: EventPackagesTable;
  event_packages_hb: EventPackagesHbTable;
  event_stages: EventStagesTable;
}

export type EventRow = Selectable<EventsTable>;
export type NewEvent = Insertable<EventsTable>;
