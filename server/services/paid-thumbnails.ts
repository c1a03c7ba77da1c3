// The buyer's own small pictures of the photos they paid for: the public thumbnails carry the mark all
// over; an order's page, once paid, shows its photos without it. Each is made from the original once (the delivery
// job makes them with the logo versions; the first look makes any still missing: older orders, FREE ones) and kept
// under the photo's private key. Anyone holding the order's address may see them, as they may download the
// originals; nothing else does.
import { photoObjectKeys } from '../../core/contract/photos';
import { findOrderWithEvent, orderItemPhotos } from '../db/orders-repo';
import type { ObjectStore } from '../storage/object-store';
import { type OrdersContext, orderPhotosExpired } from './orders';
import { accept, type Outcome, refuse } from './outcome';
import { unmarkedThumbnail } from './photo-import';

const making = new Map<string, Promise<Uint8Array | undefined>>();

/**
 * The unmarked thumbnail of a photo, made from its original unless the store has it; undefined when the original
 * is not in the store (purged). Several asks for the same photo at once in this process share one making.
 */
export function ensurePaidThumbnail(
  store: ObjectStore,
  eventKey: string,
  fileName: string,
): Promise<Uint8Array | undefined> {
  const keys = photoObjectKeys(eventKey, fileName);
  const running = making.get(keys.paidThumbnail);
  if (running) return running;
  const work = (async () => {
    const kept = await store.get(keys.paidThumbnail);
    if (kept) return kept;
    const original = await store.get(keys.original);
    if (!original) return undefined;
    const made = await unmarkedThumbnail(original);
    await store.put(keys.paidThumbnail, made, 'image/jpeg');
    return new Uint8Array(made);
  })().finally(() => making.delete(keys.paidThumbnail));
  making.set(keys.paidThumbnail, work);
  return work;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => refuse(404, 'no such photo in a paid order', { field: 'photo' });

/** The unmarked thumbnail of one photo of a paid (not refunded, not expired) order; 404 for anything else. */
export async function paidThumbnailOf(
  ctx: Pick<OrdersContext, 'db' | 'store' | 'now'>,
  orderUuid: string,
  photoId: string,
): Promise<Outcome<Uint8Array>> {
  const id = Number(photoId);
  if (!UUID.test(orderUuid) || !/^\d{1,15}$/.test(photoId) || !Number.isSafeInteger(id)) return notFound();
  const order = await findOrderWithEvent(ctx.db, orderUuid);
  if (order?.payment_status !== 'PAID' || order.refunded_at !== null) return notFound();
  if (orderPhotosExpired(order, ctx.now())) return notFound();
  const photo = (await orderItemPhotos(ctx.db, order.order_id)).find((p) => p.id === id);
  if (!photo) return notFound();
  const bytes = await ensurePaidThumbnail(ctx.store, order.event_key, photo.file_name);
  return bytes ? accept(bytes) : notFound();
}
