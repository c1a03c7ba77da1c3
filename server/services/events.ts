// Shapes event rows into the answers of SPEC §7, with the sale state computed for "now".
import type * as v from 'valibot';
import { EVENTS_PAGE_SIZE } from '../../core/constants';
import { yn } from '../../core/contract/common';
import type { Banner, EventDetail, EventSummary, imageTimeSchema, Team } from '../../core/contract/events';
import { bangkokDateTimeText, saleState } from '../../core/sale';
import { bibSearchSettings } from '../bibs/event-bibs';
import type { AppContext } from '../context';
import * as events from '../db/events-repo';
import * as photos from '../db/photos-repo';
import type { EventRow } from '../db/schema';
import * as teams from '../db/teams-repo';
import { accept, type Outcome, type Refusal, refuse } from './outcome';

export type EventsContext = Pick<AppContext, 'db' | 'store' | 'now'>;

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const money = (value: string | number) => Number(value).toFixed(2);

/** The refusal of an event key that names no event. */
export const eventNotFound = (): Refusal => refuse(404, 'event not found', { field: 'event_key' });

/**
 * Why the photos of an event cannot be had now (ordered, or downloaded on a free event), or undefined when they
 * can: its sale has not opened, its photos have expired (said first: the sale is also closed then, but the buyer
 * is told why), or its sale has ended.
 */
export function saleRefusal(event: EventRow, now: Date): Refusal | undefined {
  const sale = saleState(
    {
      onSaleStart: new Date(event.on_sale_start),
      onSaleEnd: new Date(event.on_sale_end),
      eventDate: event.eventdate,
      retentionDays: event.retention_days,
    },
    now,
  );
  if (sale.can_sale === 'N')
    return refuse(400, 'the sale of this event has not opened yet', { field: 'event_key' });
  if (sale.day_diff === 0)
    return refuse(400, 'the photos of this event have expired', {
      field: 'event_key',
      code: 'photos-expired',
    });
  if (sale.close_sale === 'Y') return refuse(400, 'the sale of this event has ended', { field: 'event_key' });
  return undefined;
}

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

export async function eventDetail(ctx: EventsContext, eventKey: string): Promise<Outcome<EventDetail>> {
  const row = await events.findByKey(ctx.db, eventKey);
  if (!row) return eventNotFound();
  const [lists, bibSearch] = await Promise.all([
    events.listsOf(ctx.db, row.event_id),
    bibSearchSettings(ctx.db, row),
  ]);
  return accept({
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
    ...(bibSearch ? { bib_search: bibSearch } : {}),
    face_search: yn(row.face_search),
  });
}

export async function sliderBanners(ctx: EventsContext): Promise<Banner[]> {
  const rows = await teams.listActiveBanners(ctx.db);
  return rows.map((row) => ({ image_url: ctx.store.publicUrl(row.image_object), link_url: row.link_url }));
}

/** Upcoming events (sale not yet open), soonest opening first, one home page's worth. */
export async function upcoming(ctx: EventsContext): Promise<EventSummary[]> {
  const now = ctx.now();
  const rows = await events.listUpcoming(ctx.db, now, EVENTS_PAGE_SIZE);
  return rows.map((row) => toSummary(row, ctx, now));
}

/** A team page lists at most this many events (no pager in the contract). */
export const TEAM_EVENTS_LIMIT = 200;

/**
 * The team page's events: on sale and upcoming (closed sales are left out, their photos can no longer be
 * bought), newest event date first. An unknown team simply has none; team-detail tells the client it is unknown.
 */
export async function teamEvents(ctx: EventsContext, teamKey: string): Promise<EventSummary[]> {
  const now = ctx.now();
  const rows = await events.listByTeam(ctx.db, teamKey, now, TEAM_EVENTS_LIMIT);
  return rows.map((row) => toSummary(row, ctx, now));
}

/** [team], or [] for an unknown team (the client shows "Team not found!"). */
export async function teamDetail(ctx: EventsContext, teamKey: string): Promise<Team[]> {
  const row = await teams.findTeam(ctx.db, teamKey);
  if (!row) return [];
  return [
    {
      team_name: row.team_name,
      team_description: row.team_description,
      team_facebook_url: row.team_facebook_url,
      cover_url: row.cover_object ? ctx.store.publicUrl(row.cover_object) : '',
    },
  ];
}

export type ImageTime = v.InferOutput<typeof imageTimeSchema>;
const HOUR_MS = 3_600_000;
/** Thailand keeps UTC+7 all year, so a Thai hour is also a whole UTC hour. */
const BANGKOK_OFFSET_HOURS = 7;
const two = (n: number) => String(n).padStart(2, '0');

/** One range per hour in which photos were taken: label in Thai time ("08:00-09:00"), start/end as instants. */
export function hourRange(hourSinceEpoch: number): ImageTime {
  const thaiHour = (((hourSinceEpoch + BANGKOK_OFFSET_HOURS) % 24) + 24) % 24;
  return {
    label: `${two(thaiHour)}:00-${two((thaiHour + 1) % 24)}:00`,
    start: new Date(hourSinceEpoch * HOUR_MS).toISOString(),
    end: new Date((hourSinceEpoch + 1) * HOUR_MS).toISOString(),
  };
}

/** The event's photo hours, ascending. */
export async function imageTimes(ctx: EventsContext, eventKey: string): Promise<Outcome<ImageTime[]>> {
  const row = await events.findByKey(ctx.db, eventKey);
  if (!row) return eventNotFound();
  return accept((await photos.photoHours(ctx.db, row.event_id)).map(hourRange));
}

/** The key of a photo's event, or "-" (the spec's "none") for an id that is unknown or not a photo id. */
export async function eventKeyOfPhoto(ctx: EventsContext, rawId: string): Promise<string> {
  if (!/^\d{1,16}$/.test(rawId)) return '-';
  return (await photos.eventKeyOfPhoto(ctx.db, Number(rawId))) ?? '-';
}

/** The events on sale now, newest first, at most `most` (the sitemap's). */
export const eventsOnSale = (ctx: Pick<AppContext, 'db' | 'now'>, most: number): Promise<EventRow[]> =>
  events.listOnSale(ctx.db, ctx.now(), 1, most);
