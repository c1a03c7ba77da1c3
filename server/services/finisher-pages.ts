// A runner's public finisher page, /{event}/finisher/{code}: made only when they ask to share a link, from a card they
// may make (finisher-cards.ts cardSubject), showing the feed card and, in link previews, a 1200×630 image of it. It
// holds no contact data. The card and the preview are kept for it (a public page is read by anyone, often: it is not
// drawn again for each). Whoever holds the order makes it (asking again answers the same page) and gets the secret
// address that removes it; the secret is not stored, it is derived from the code. A refund removes the order's pages;
// retention removes an event's pages with its photos; a runner's face removal removes its photo's pages (and no page
// is made of a photo with a face removed); a page whose order's photos are no longer the runner's for any
// other reason is removed when next asked for.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import sharp from 'sharp';
import {
  type FinisherPage,
  type FinisherPageAnswer,
  type FinisherPageRequest,
  finisherPagePath,
} from '../../core/contract/finisher-card';
import { formatEventDate } from '../../core/format';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { blurBoxesOfPhoto } from '../db/removal-requests-repo';
import { type ObjectStore, WITHDRAWABLE_PREFIX } from '../storage/object-store';
import { cardSubject, drawCard, paidPhoto, raceTimeOf } from './finisher-cards';
import { accept, type Outcome, refuse } from './outcome';

const PREVIEW = { width: 1200, height: 630 };

const removalKey = (secret: string) => createHash('sha256').update(`finisher-pages\0${secret}`).digest();
/** The secret that removes the page of this code (HMAC of the code under the store's secret). */
const removalSecret = (secret: string, code: string) =>
  createHmac('sha256', removalKey(secret)).update(code).digest('base64url');

const answerOf = (ctx: AppContext, eventKey: string, code: string): FinisherPageAnswer => {
  const url = finisherPagePath(eventKey, code);
  return {
    status: 'success',
    code,
    url,
    remove_url: `${url}#remove=${removalSecret(ctx.photoPassSecret, code)}`,
  };
};

/** The link preview: the card whole on a blurred, darkened fill of itself, 1200×630. */
async function previewOf(card: Buffer): Promise<Buffer> {
  const fill = await sharp(card)
    .resize(PREVIEW.width, PREVIEW.height, { fit: 'cover' })
    .blur(24)
    .modulate({ brightness: 0.55 })
    .toBuffer();
  const shown = await sharp(card)
    .resize({ height: PREVIEW.height - 40 })
    .toBuffer({ resolveWithObject: true });
  return sharp(fill)
    .composite([{ input: shown.data, left: Math.round((PREVIEW.width - shown.info.width) / 2), top: 20 }])
    .jpeg({ quality: 86, mozjpeg: true })
    .toBuffer();
}

const objectKeys = (code: string) => ({
  card: `${WITHDRAWABLE_PREFIX}${code}-card.jpg`,
  preview: `${WITHDRAWABLE_PREFIX}${code}-preview.jpg`,
});

/** Makes the page (or answers the one already made for this photo, bib and language of the order). */
export async function makeFinisherPage(
  ctx: AppContext,
  request: FinisherPageRequest,
): Promise<Outcome<FinisherPageAnswer>> {
  const subject = await cardSubject(ctx, request);
  if (!subject.ok) return subject;
  const { order, photo, event, result } = subject.value;
  const bib = result.bib;
  const pageOf = () =>
    ctx.db
      .selectFrom('finisher_pages')
      .select('code')
      .where('order_id', '=', order.order_id)
      .where('photo_id', '=', photo.id)
      .where('bib', '=', bib)
      .where('language', '=', request.language)
      .executeTakeFirst();
  const made = await pageOf();
  if (made) return accept(answerOf(ctx, order.event_key, made.code));
  // A runner had their face removed from this photo: it is shown to no one but its buyers, never on a public page.
  if ((await blurBoxesOfPhoto(ctx.db, photo.id)).length > 0)
    return refuse(
      409,
      'a runner in this photo asked for their face to be removed: it cannot be on a public page',
      {
        code: 'finisher-page-face-removed',
        th: 'มีผู้ขอนำใบหน้าออกจากรูปนี้ จึงทำเป็นหน้าสาธารณะไม่ได้ แต่ยังบันทึกหรือแชร์การ์ดเป็นไฟล์ได้',
      },
    );
  const card = await drawCard(ctx, subject.value, 'feed', request.language);
  if (!card.ok) return card;
  const code = randomBytes(9).toString('base64url');
  const keys = objectKeys(code);
  const name = result.name || `${request.language === 'th' ? 'บิบ' : 'Bib'} ${bib}`;
  try {
    await ctx.store.put(keys.card, card.value, 'image/jpeg');
    await ctx.store.put(keys.preview, await previewOf(card.value), 'image/jpeg');
    await ctx.db
      .insertInto('finisher_pages')
      .values({
        code,
        event_id: event.event_id,
        order_id: order.order_id,
        photo_id: photo.id,
        bib,
        language: request.language,
        headline: `${name} · ${raceTimeOf(result)}`,
      })
      .execute();
  } catch (error) {
    // Nothing of a page that was not made is left (a failed write, or another ask made it first).
    await deleteObjects(ctx.store, keys);
    // Two asks at once: the other one's page is the page.
    const other = await pageOf();
    if (other) return accept(answerOf(ctx, order.event_key, other.code));
    throw error;
  }
  return accept(answerOf(ctx, order.event_key, code));
}

const deleteObjects = (store: ObjectStore, keys: { card: string; preview: string }) =>
  Promise.all([store.delete(keys.card), store.delete(keys.preview)]);

const notFound = () =>
  refuse(404, 'this finisher page is not here: its runner removed it, or its photos are no longer kept', {
    code: 'finisher-page-not-found',
    th: 'ไม่พบหน้านี้ เจ้าของอาจนำออกแล้ว หรือรูปหมดอายุแล้ว',
  });

async function pageRow(db: Db, code: string) {
  return db
    .selectFrom('finisher_pages as f')
    .innerJoin('events as e', 'e.event_id', 'f.event_id')
    .select([
      'f.code',
      'f.order_id',
      'f.photo_id',
      'f.language',
      'f.headline',
      'e.event_key',
      'e.title',
      'e.eventdate',
      'e.event_date_text',
    ])
    .where('f.code', '=', code)
    .executeTakeFirst();
}

/** Deletes a page: its images first, then its row. */
async function deletePage(ctx: Pick<AppContext, 'db' | 'store'>, page: { code: string }): Promise<void> {
  await deleteObjects(ctx.store, objectKeys(page.code));
  await ctx.db.deleteFrom('finisher_pages').where('code', '=', page.code).execute();
}

/** What the page of this address shows; gone (and removed) when its order's photos are no longer the runner's. */
export async function finisherPage(
  ctx: Pick<AppContext, 'db' | 'store' | 'now'>,
  eventKey: string,
  code: string,
): Promise<Outcome<FinisherPage>> {
  const page = await pageRow(ctx.db, code);
  if (!page || page.event_key !== eventKey) return notFound();
  if (!(await paidPhoto(ctx, page.order_id, Number(page.photo_id))).ok) {
    await deletePage(ctx, page);
    return notFound();
  }
  return accept({
    status: 'success',
    event_key: page.event_key,
    event_title: page.title,
    event_date: page.language === 'th' ? page.event_date_text : formatEventDate(page.eventdate, 'en'),
    headline: page.headline,
    language: page.language,
    card_url: ctx.store.publicUrl(objectKeys(page.code).card),
    preview_url: ctx.store.publicUrl(objectKeys(page.code).preview),
  });
}

/** Removes the page when the secret is its own. */
export async function removeFinisherPage(
  ctx: AppContext,
  request: { code: string; secret: string },
): Promise<Outcome<{ status: 'success' }>> {
  const page = await pageRow(ctx.db, request.code);
  if (!page) return notFound();
  const expected = Buffer.from(removalSecret(ctx.photoPassSecret, page.code));
  const given = Buffer.from(request.secret);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return refuse(403, 'this is not the address that removes this page', {
      code: 'finisher-page-secret-wrong',
      th: 'ลิงก์นี้ไม่ใช่ลิงก์สำหรับนำหน้านี้ออก',
    });
  await deletePage(ctx, page);
  return accept({ status: 'success' });
}

/** Deletes the pages of the event or of the order; answers how many. */
async function deletePagesWhere(
  ctx: Pick<AppContext, 'db' | 'store'>,
  column: 'event_id' | 'order_id' | 'photo_id',
  value: number | string,
): Promise<number> {
  const pages = await ctx.db.selectFrom('finisher_pages').select('code').where(column, '=', value).execute();
  for (const page of pages) await deletePage(ctx, page);
  return pages.length;
}

/** Deletes every finisher page of the event (retention, with its photos). */
export const deleteFinisherPagesOfEvent = (ctx: Pick<AppContext, 'db' | 'store'>, eventId: number) =>
  deletePagesWhere(ctx, 'event_id', eventId);

/** Deletes every finisher page made from the order (a refund: its photos are no longer the runner's). */
export const deleteFinisherPagesOfOrder = (ctx: Pick<AppContext, 'db' | 'store'>, orderId: string) =>
  deletePagesWhere(ctx, 'order_id', orderId);

/** Deletes every finisher page of the photo (a runner had their face removed from it). */
export const deleteFinisherPagesOfPhoto = (ctx: Pick<AppContext, 'db' | 'store'>, photoId: number) =>
  deletePagesWhere(ctx, 'photo_id', photoId);
