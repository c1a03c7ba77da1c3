// The jobs that follow PAID (written with it by services/payments/settle.ts): the originals checked in the store and
// the full-size logo-stamped versions (and the buyer's unmarked thumbnails) made, each turning its flag Y when the whole order is done. Both are safe to
// run again after a crash: a logo already made is kept, a missing original fails the attempt (retried, then left
// failed for an operator), and an order whose photos were purged, or that is not PAID, is left as it is.
import { photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { orderForDelivery, setDeliveryFlag } from '../db/orders-repo';
import { ensureLogoVersion } from '../services/logo-versions';
import { orderChanged } from '../services/order-changes';
import { ensurePaidThumbnail } from '../services/paid-thumbnails';
import type { ObjectStore } from '../storage/object-store';

export interface DeliveryDeps {
  db: Db;
  store: ObjectStore;
}

export type DeliveryResult =
  | { order_id: string; photos: number; made?: number }
  | { order_id: string; skipped: string };

type Order = NonNullable<Awaited<ReturnType<typeof orderForDelivery>>>;

async function deliverable(
  deps: DeliveryDeps,
  orderId: string,
): Promise<{ ok: true; order: Order } | { ok: false; skipped: string }> {
  const order = await orderForDelivery(deps.db, orderId);
  if (!order) return { ok: false, skipped: 'no such order' };
  if (order.payment_status !== 'PAID') return { ok: false, skipped: 'the order is not paid' };
  if (order.photos.some((p) => p.purged_at !== null))
    return { ok: false, skipped: 'the photos have expired' };
  return { ok: true, order };
}

export async function prepareOriginals(deps: DeliveryDeps, orderId: string): Promise<DeliveryResult> {
  const found = await deliverable(deps, orderId);
  if (!found.ok) return { order_id: orderId, skipped: found.skipped };
  const { order } = found;
  for (const photo of order.photos) {
    const key = photoObjectKeys(order.event_key, photo.file_name).original;
    if (!(await deps.store.exists(key)))
      throw new Error(`the original of photo ${photo.id} is missing (${key})`);
  }
  await setDeliveryFlag(deps.db, orderId, 'is_original_image_created');
  orderChanged(orderId);
  return { order_id: orderId, photos: order.photos.length };
}

export async function prepareLogos(deps: DeliveryDeps, orderId: string): Promise<DeliveryResult> {
  const found = await deliverable(deps, orderId);
  if (!found.ok) return { order_id: orderId, skipped: found.skipped };
  const { order } = found;
  let made = 0;
  for (const photo of order.photos) {
    // A missing original throws (OriginalMissing): the attempt fails and is retried.
    if (await ensureLogoVersion(deps.store, order.event_key, photo.file_name)) made += 1;
    // The buyer's unmarked thumbnails, ready before the paid page first asks for them.
    await ensurePaidThumbnail(deps.store, order.event_key, photo.file_name);
  }
  await setDeliveryFlag(deps.db, orderId, 'is_logo_image_created');
  orderChanged(orderId);
  return { order_id: orderId, photos: order.photos.length, made };
}
