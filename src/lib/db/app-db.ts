// The app's one Dexie database (DESIGN: src/lib/db): the carts and the orders made or opened here (SPEC §3
// browser-kept values), versioned schema, shared by every tab (Dexie tells live queries of other tabs about each
// change).

import { Dexie, type EntityTable } from 'dexie';
import type { Inquiry } from '../../../core/contract/order';
import type { Photo } from '../../../core/contract/photos';
import type { CartItem, CartKind, MhaoFlag } from './rows';

export const APP_DB_NAME = 'runfoto';

/** A photo in one of a kind's lists; seq keeps the order photos were added in. */
export interface CartRow extends CartItem {
  seq?: number;
  kind: CartKind;
}

/** is_mhao_flag of one cart kind. */
export interface MhaoRow {
  kind: CartKind;
  flag: MhaoFlag;
}

/** An order created or opened on this device, so the buyer finds it again and reopens it offline (history). */
export interface OrderHistoryRow {
  uuid: string;
  kind: CartKind;
  event_key: string;
  event_title: string;
  /** The amount asked for, a decimal string ("315.00"). */
  amount: string;
  image_count: number;
  /** ISO date and time of creation (of the first answer kept, for an order only opened here). */
  created_at: string;
  /** The last inquiry answer the order page had, so the order opens offline; and when it came. */
  last_inquiry?: Inquiry;
  answered_at?: string;
}

/**
 * The last face search results of one event and cart kind: shown again when the runner comes back to
 * the event, until a new search replaces them. key: `${kind}:${event_key}`.
 */
export interface SearchResultsRow {
  key: string;
  kind: CartKind;
  event_key: string;
  photos: Photo[];
  /** "You may be in these too": the same photographers' frames around the matches. */
  nearby: Photo[];
  /** ISO date and time of the last search that changed them. */
  searched_at: string;
}

/**
 * A photographer's file on this device: what was sent through an upload link and what was not, so that a
 * page opened again skips what was sent and says what is left. key: `${scope}/${name}/${size}/${lastModified}`.
 */
export interface UploadJournalRow {
  key: string;
  /** The link's event and photographer: `${event_key}/${photographer_id}`. */
  scope: string;
  name: string;
  state: 'pending' | 'sent';
  /** ISO time of the last change. */
  at: string;
}

export type AppDb = Dexie & {
  cart: EntityTable<CartRow, 'seq'>;
  cart_temp: EntityTable<CartRow, 'seq'>;
  cart_latest: EntityTable<CartRow, 'seq'>;
  mhao: EntityTable<MhaoRow, 'kind'>;
  orders: EntityTable<OrderHistoryRow, 'uuid'>;
  search_results: EntityTable<SearchResultsRow, 'key'>;
  uploads: EntityTable<UploadJournalRow, 'key'>;
};

const listSchema = '++seq, &[kind+id], kind';

function openAppDb(): AppDb {
  const db = new Dexie(APP_DB_NAME) as AppDb;
  db.version(1).stores({
    cart: listSchema,
    cart_temp: listSchema,
    cart_latest: listSchema,
    mhao: 'kind',
    orders: 'uuid, created_at',
  });
  // Each event's last search results.
  db.version(2).stores({ search_results: 'key, searched_at' });
  // A photographer's files sent and not yet sent, per upload link.
  db.version(3).stores({ uploads: 'key, scope, [scope+state]' });
  return db;
}

export const appDb: AppDb = openAppDb();

/** The three per-kind photo lists. */
export type ListTable = 'cart' | 'cart_temp' | 'cart_latest';
