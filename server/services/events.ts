// Shapes event rows into the answers of SPEC §7, with the sale state computed for "now".
import { yn } from '../../core/contract/common';
import type { EventDetail, EventSummary } from '../../core/contract/events';
import { bangkokDateTimeText, saleState } from '../../core/sale';
import type { AppContext } from '../context';
import * as events from '../db/events-repo';
import type { EventRow } from '../db/schema';

export type EventsContext = Pick<AppContext, 'db' | 'store' | 'now'>;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const money = (value: string | number) => Number(value).toFixed(2);

export function toSummary(row: EventRow, ctx: Pick<EventsContext, 'store'>, now: Date): EventSummary {
  const onSaleStart = toDate(row.on_sale_start);
  const onSaleEnd = toDate(row.on_sale_end);
  return {
    event_id: row.event_id,
    event_key: row.event_key,
    title: row.title,
    coverurl: ctx.store.publicUrl(row.cover_object),
    event_date_text: row.event_date_text,
    eventdate: row.eventdate,
    province: row.province,
    pin: row.pin === 1 ? 1 : 0,
    team_key: row.team_key,
    on_sale_start: onSaleStart.toISOString(),
    on_sale_end: onSaleEnd.toISOString(),
    on_sale_start_txt: bangkokDateTimeText(onSaleStart),
    ...saleState(
      { onSaleStart, onSaleEnd, eventDate: row.eventdate, retentionDays: row.retention_days },
      now,
    ),
    is_hybrid: yn(row.is_hybrid),
    is_event_stage: yn(row.is_event_stage),
    is_mhao: yn(row.is_mhao),
    is_mhao_hybrid: yn(row.is_mhao_hybrid),
    is_free_download: yn(row.is_free_download),
    is_free_download_keep_contract: yn(row.is_free_download_keep_contract),
  };
}

export async function onSalePage(
  ctx: EventsContext,
  page: number,
  pageSize: number,
): Promise<EventSummary[]> {
  const now = ctx.now();
  const rows = await events.listOnSale(ctx.db, now, page, pageSize);
  return rows.map((row) => toSummary(row, ctx, now));
}

export async function onSaleCount(ctx: EventsContext): Promise<number> {
  return events.countOnSale(ctx.db, ctx.now());
}

export async function eventDetail(ctx: EventsContext, eventKey: string): Promise<EventDetail | undefined> {
  const row = await events.findByKey(ctx.db, eventKey);
  if (!row) return undefined;
  const lists = await events.listsOf(ctx.db, row.event_id);
  return {
    ...toSummary(row, ctx, ctx.now()),
    mhao_price: money(row.mhao_price),
    hybrid_mhao_price: money(row.hybrid_mhao_price),
    face_threshold: row.face_threshold,
    max_face_search: row.max_face_search,
    caption_button_buy_all: row.caption_button_buy_all,
    payment_currency: row.payment_currency,
    package: lists.packages.map((p) => ({ ...p, price: money(p.price) })),
    package_hb: lists.packagesHb,
    stage: lists.stages,
  };
}
