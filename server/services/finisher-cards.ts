// A runner's finisher card (finisher-card.ts draws it) for a photo of their order: only a paid order's (not refunded,
// its photos not expired), only for a bib the photo shows (read in it, or the photo is one of that bib's finish
// frames), with that bib's result. The card is not kept: its address carries what it shows, signed and short-lived,
// and each fetch draws it from the original again, so no copy of the runner's name and time is left behind.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  CARD_URL_SECONDS,
  type CardFormat,
  type FinisherCardAnswer,
  type FinisherCardRequest,
  finisherCardPath,
} from '../../core/contract/finisher-card';
import { photoObjectKeys } from '../../core/contract/photos';
import { formatEventDate, formatRaceTime } from '../../core/format';
import { typedBib } from '../bibs/event-bibs';
import type { AppContext } from '../context';
import { findByKey } from '../db/events-repo';
import { facesOfPhoto } from '../db/faces-repo';
import { findOrderWithEvent, orderItemPhotos } from '../db/orders-repo';
import { bibsReadInPhoto, resultOfBib } from '../db/results-repo';
import type { EventRow } from '../db/schema';
import { finishFrames } from './finish-frames';
import { cardFontsPresent, renderFinisherCard } from './finisher-card';
import { orderPhotosExpired } from './orders';
import { accept, type Outcome, refuse } from './outcome';

/** What a card's address carries: the order, the photo, the bib, the format and language, and until when. */
interface CardTicket {
  o: string;
  p: number;
  b: string;
  f: CardFormat;
  l: 'th' | 'en';
  e: number;
}

const ticketKey = (secret: string) => createHash('sha256').update(`finisher-cards\0${secret}`).digest();
const signature = (secret: string, payload: string) =>
  createHmac('sha256', ticketKey(secret)).update(payload).digest('base64url');

/** A card's address under the API's base (as every call's path): its ticket and the ticket's signature. */
function ticketPath(secret: string, ticket: CardTicket): string {
  const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
  return `${finisherCardPath}/${payload}.${signature(secret, payload)}.jpg`;
}

/** The ticket an address carries, when its signature is ours; undefined otherwise. */
function ticketOf(secret: string, token: string): CardTicket | undefined {
  const m = /^([\w-]{1,1000})\.([\w-]{43})(?:\.jpg)?$/.exec(token);
  if (!m) return undefined;
  const [, payload = '', given = ''] = m;
  const expected = Buffer.from(signature(secret, payload));
  if (!timingSafeEqual(expected, Buffer.from(given))) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as CardTicket;
  } catch {
    return undefined;
  }
}

/** The order's photo, when the order may have cards: paid, not refunded, its photos not expired. */
export async function paidPhoto(ctx: Pick<AppContext, 'db' | 'now'>, orderId: string, photoId: number) {
  const order = await findOrderWithEvent(ctx.db, orderId);
  if (!order) return refuse(404, 'order not found', { field: 'order_uuid' });
  if (order.payment_status !== 'PAID' || order.refunded_at !== null || orderPhotosExpired(order, ctx.now()))
    return refuse(409, 'finisher cards are made for the photos of a paid order', {
      code: 'finisher-not-paid',
      th: 'ทำการ์ดนักวิ่งได้จากรูปในคำสั่งซื้อที่ชำระเงินแล้วเท่านั้น',
    });
  const photo = (await orderItemPhotos(ctx.db, order.order_id)).find((p) => p.id === photoId);
  if (!photo) return refuse(404, 'this photo is not in the order', { field: 'photo_id' });
  return accept({ order, photo });
}
type PaidOrder = NonNullable<Awaited<ReturnType<typeof findOrderWithEvent>>>;
type OrderPhoto = Awaited<ReturnType<typeof orderItemPhotos>>[number];
type Result = NonNullable<Awaited<ReturnType<typeof resultOfBib>>>;

/** What a card shows: the order's photo, its event, and the runner's result. */
export interface CardSubject {
  order: PaidOrder;
  photo: OrderPhoto;
  event: EventRow;
  result: Result;
}

/** What a card shows: a paid order's photo, for the runner's bib (typed, or the one read in it that has a result). */
export async function cardSubject(
  ctx: AppContext,
  request: { order_uuid: string; photo_id: number; bib?: string | undefined },
): Promise<Outcome<CardSubject>> {
  const found = await paidPhoto(ctx, request.order_uuid, request.photo_id);
  if (!found.ok) return found;
  const { order, photo } = found.value;
  const event = await findByKey(ctx.db, order.event_key);
  if (!event) return refuse(404, 'order not found', { field: 'order_uuid' });
  const read = await bibsReadInPhoto(ctx.db, photo.id);
  let result: Result | undefined;
  if (request.bib !== undefined) {
    const typed = typedBib(request.bib, event);
    const shown =
      typed !== undefined &&
      (read.includes(typed) ||
        (await finishFrames(ctx.db, event.event_id, typed, new Set())).includes(photo.id));
    if (!typed || !shown)
      return refuse(400, 'this photo does not show that bib: choose a photo of you with it', {
        field: 'bib',
        code: 'finisher-bib-not-in-photo',
        th: 'รูปนี้ไม่พบหมายเลขบิบนี้ กรุณาเลือกรูปของคุณที่มีบิบนี้',
      });
    result = await resultOfBib(ctx.db, event.event_id, typed);
    if (!result) return noResult();
  } else {
    const withResults: Result[] = [];
    for (const b of read) {
      const found = await resultOfBib(ctx.db, event.event_id, b);
      if (found) withResults.push(found);
    }
    if (withResults.length !== 1)
      return refuse(400, 'please type your bib number', {
        field: 'bib',
        code: 'finisher-bib-needed',
        th: 'กรุณากรอกหมายเลขบิบของคุณ',
      });
    result = withResults[0] as Result;
  }
  return accept({ order, photo, event, result });
}

/** A card's signed address (see cardSubject). */
export async function finisherCardAddress(
  ctx: AppContext,
  request: FinisherCardRequest,
): Promise<Outcome<FinisherCardAnswer>> {
  const subject = await cardSubject(ctx, request);
  if (!subject.ok) return subject;
  const { order, photo } = subject.value;
  const bib = subject.value.result.bib;
  const ticket: CardTicket = {
    o: order.order_id,
    p: photo.id,
    b: bib,
    f: request.format,
    l: request.language,
    e: Math.floor(ctx.now().getTime() / 1000) + CARD_URL_SECONDS,
  };
  return accept({
    status: 'success',
    url: ticketPath(ctx.photoPassSecret, ticket),
    file_name: cardFileName(order.event_key, bib, request.format),
    bib,
  });
}

const noResult = () =>
  refuse(404, "the event's results do not have this bib yet", {
    code: 'finisher-no-result',
    th: 'ยังไม่มีผลการแข่งขันของหมายเลขบิบนี้',
  });

const cardFileName = (eventKey: string, bib: string, format: CardFormat) =>
  `finisher-${eventKey}-${bib}-${format}.jpg`;

/** The card an address names, drawn now; refused when the address is not ours, has expired or the order changed. */
export async function finisherCardImage(
  ctx: AppContext,
  token: string,
): Promise<Outcome<{ bytes: Buffer; fileName: string }>> {
  const ticket = ticketOf(ctx.photoPassSecret, token);
  if (!ticket || ticket.e * 1000 < ctx.now().getTime())
    return refuse(410, 'this card address has expired: make the card again', {
      code: 'finisher-card-expired',
      th: 'ลิงก์การ์ดนี้หมดอายุแล้ว กรุณาทำการ์ดอีกครั้ง',
    });
  const found = await paidPhoto(ctx, ticket.o, ticket.p);
  if (!found.ok) return found;
  const event = await findByKey(ctx.db, found.value.order.event_key);
  const result = event && (await resultOfBib(ctx.db, event.event_id, ticket.b));
  if (!event || !result) return noResult();
  const drawn = await drawCard(ctx, { ...found.value, event, result }, ticket.f, ticket.l);
  if (!drawn.ok) return drawn;
  return accept({ bytes: drawn.value, fileName: cardFileName(event.event_key, result.bib, ticket.f) });
}

/** The card of a subject (cardSubject), drawn from the photo's original under the event's frame. */
export async function drawCard(
  ctx: AppContext,
  subject: CardSubject,
  format: CardFormat,
  language: 'th' | 'en',
): Promise<Outcome<Buffer>> {
  const { photo, event, result } = subject;
  if (!cardFontsPresent())
    return refuse(503, 'finisher cards cannot be made on this store right now: its Thai fonts are missing', {
      code: 'finisher-unavailable',
      th: 'ขณะนี้ยังทำการ์ดนักวิ่งไม่ได้ กรุณาลองใหม่ภายหลัง',
    });
  const original = await ctx.store.get(photoObjectKeys(event.event_key, photo.file_name).original);
  if (!original) return refuse(404, 'this photo is no longer kept', { field: 'photo_id' });
  const faces = (await facesOfPhoto(ctx.db, photo.id)).map((f) => ({
    x: f.box.x / f.photo_width,
    y: f.box.y / f.photo_height,
    width: f.box.width / f.photo_width,
    height: f.box.height / f.photo_height,
  }));
  // A frame the store has lost leaves the card without one rather than without the card.
  const frame = event.card_frame ? await ctx.store.get(event.card_frame) : undefined;
  return accept(
    await renderFinisherCard({
      original,
      faces,
      frame,
      language,
      format,
      text: {
        title: event.title,
        date: language === 'th' ? event.event_date_text : formatEventDate(event.eventdate, 'en'),
        name: result.name,
        bib: result.bib,
        time: raceTimeOf(result),
        category: result.category,
        place: result.place,
        categoryPlace: result.category_place,
      },
    }),
  );
}

/** The time a card shows: the chip time, else the gun time, else the runner's status (DNF). */
export const raceTimeOf = (result: { chip_ms: number | null; gun_ms: number | null; status: string }) =>
  result.chip_ms !== null
    ? formatRaceTime(result.chip_ms)
    : result.gun_ms !== null
      ? formatRaceTime(result.gun_ms)
      : result.status;
