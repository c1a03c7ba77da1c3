// Free-download events (SPEC §1, §2): a found photo is downloaded full size, as its logo-stamped version (every
// event carries the store's logo), never as the stamped preview. The address the buyer is sent to is signed and
// expires, as a paid order's are; asking for it again gives a fresh one. Only while the event is on sale and only
// for that event's own photos.
import { photoObjectKeys } from '../../core/contract/photos';
import type { AppContext } from '../context';
import { findByKey } from '../db/events-repo';
import { photosByIds } from '../db/photos-repo';
import { eventNotFound, saleRefusal } from './events';
import { ensureLogoVersion, OriginalMissing } from './logo-versions';
import { accept, type Outcome, refuse } from './outcome';

export type FreeDownloadContext = Pick<AppContext, 'db' | 'store' | 'now'>;

/** How long the address of a free photo stays valid (seconds): long enough for a zip of the whole results. */
export const FREE_PHOTO_URL_SECONDS = 3600;

/** The signed address of a free event's photo, full size. */
export async function freePhotoAddress(
  ctx: FreeDownloadContext,
  eventKey: string,
  photoId: number,
): Promise<Outcome<string>> {
  const event = await findByKey(ctx.db, eventKey);
  if (!event) return eventNotFound();
  if (!event.is_free_download)
    return refuse(403, 'the photos of this event are not free to download', {
      field: 'event_key',
      code: 'not-free',
    });
  const closed = saleRefusal(event, ctx.now());
  if (closed) return closed;
  const [photo] = await photosByIds(ctx.db, [photoId]);
  if (!photo || photo.event_id !== event.event_id)
    return refuse(404, 'photo not found', { field: 'photo_id' });
  try {
    await ensureLogoVersion(ctx.store, event.event_key, photo.file_name);
  } catch (error) {
    if (!(error instanceof OriginalMissing)) throw error;
    return refuse(410, 'the photo is no longer kept', { field: 'photo_id', code: 'photos-expired' });
  }
  const keys = photoObjectKeys(event.event_key, photo.file_name);
  return accept(await ctx.store.signedGetUrl(keys.logo, FREE_PHOTO_URL_SECONDS));
}
