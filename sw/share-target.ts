// The Android share target (manifest share_target): sharing a photo from the gallery or the camera to the
// installed app POSTs it here as a navigation. The worker keeps the photo in IndexedDB and sends the app to the
// last event visited (or to home, which asks for the event); that page takes the photo from IndexedDB and runs it
// through the same checks, compression and search as a picked one (src/features/face-search/shared-photo.ts).
// The IndexedDB store is shared with the page: both sides import this module's store functions.
import { createStore, del, get, set } from 'idb-keyval';
import { SHARE_FILE_FIELD, SHARE_TARGET_PATH } from '../core/web-manifest';

export { SHARE_TARGET_PATH };
/** A shared photo not taken within this time is dropped (the buyer went elsewhere). */
export const SHARED_PHOTO_TTL_MS = 30 * 60 * 1000;

export interface SharedPhoto {
  /** The file's bytes (an ArrayBuffer survives IndexedDB's structured clone everywhere, a File not always). */
  bytes: ArrayBuffer;
  name: string;
  type: string;
  /** Epoch ms when it was shared. */
  at: number;
}

const store = () => createStore('runfoto-share', 'kv');

/** The last event page the buyer opened (its event_key), where a shared photo goes. */
export const rememberLastEvent = (eventKey: string) => set('last-event', eventKey, store());
export const lastEvent = async (): Promise<string | undefined> => {
  const key: unknown = await get('last-event', store());
  return typeof key === 'string' && key ? key : undefined;
};

export const keepSharedPhoto = (photo: SharedPhoto) => set('photo', photo, store());

/** The photo shared to the app, if one is waiting and fresh; taken once (removed as it is read). */
export async function takeSharedPhoto(now = Date.now()): Promise<SharedPhoto | undefined> {
  const photo = (await get('photo', store())) as SharedPhoto | undefined;
  if (!photo) return undefined;
  await del('photo', store());
  // Checked by its tag, not instanceof: what IndexedDB gives back may come from another realm.
  const bytes = Object.prototype.toString.call(photo.bytes) === '[object ArrayBuffer]';
  return bytes && now - photo.at <= SHARED_PHOTO_TTL_MS ? photo : undefined;
}

/** The shared photo as the file a picker would have given. */
export const sharedPhotoFile = (photo: SharedPhoto): File =>
  new File([new Uint8Array(photo.bytes)], photo.name || 'shared.jpg', { type: photo.type });

/** Whether a shared photo waits to be taken (without taking it). */
export async function hasSharedPhoto(now = Date.now()): Promise<boolean> {
  const photo = (await get('photo', store())) as SharedPhoto | undefined;
  return Boolean(photo && now - photo.at <= SHARED_PHOTO_TTL_MS);
}

/** Where the app opens after a share: the last event visited with the photo ready, or home to choose one. */
export const afterShareAddress = (eventKey: string | undefined) =>
  eventKey ? `/${encodeURIComponent(eventKey)}?shared=1` : '/?shared=1';

/** The worker's handler of the share POST: keep the first shared image, then 303 to where it is searched. */
export async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => undefined);
  const file = form
    ?.getAll(SHARE_FILE_FIELD)
    .find((value): value is File => typeof value !== 'string' && value.size > 0);
  if (file)
    await keepSharedPhoto({
      bytes: await file.arrayBuffer(),
      name: file.name,
      type: file.type,
      at: Date.now(),
    });
  const target = file ? afterShareAddress(await lastEvent()) : '/';
  return Response.redirect(new URL(target, request.url).href, 303);
}
