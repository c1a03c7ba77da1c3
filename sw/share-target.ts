// The Android share target (manifest share_target): sharing a photo from the gallery or the camera to the
// installed app POSTs it here as a navigation. The worker keeps the photo in IndexedDB and sends the app to the
// last event visited (or to home, which asks for the event); that page takes the photo from IndexedDB and runs it
// through the same checks, compression and search as a picked one (src/features/face-search/shared-photo.ts).
// The IndexedDB store is shared with the page: both sides import this module's store functions.
import { createStore, del, get, promisifyRequest, set, type UseStore } from 'idb-keyval';
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

let opened: UseStore | undefined;
const store = (): UseStore => {
  opened ??= createStore('runfoto-share', 'kv');
  return opened;
};

/** The last event whose face search the buyer saw (its event_key), where a shared photo goes. */
export const rememberLastEvent = (eventKey: string) => set('last-event', eventKey, store());
export const lastEvent = async (): Promise<string | undefined> => {
  const key: unknown = await get('last-event', store());
  return typeof key === 'string' && key ? key : undefined;
};

export const keepSharedPhoto = (photo: SharedPhoto) => set('photo', photo, store());

const isFresh = (photo: SharedPhoto | undefined, now: number): photo is SharedPhoto =>
  photo !== undefined &&
  // Checked by its tag, not instanceof: what IndexedDB gives back may come from another realm.
  Object.prototype.toString.call(photo.bytes) === '[object ArrayBuffer]' &&
  now - photo.at <= SHARED_PHOTO_TTL_MS;

/**
 * The photo shared to the app, if one is waiting and fresh; taken once: read and removed in one transaction, so two
 * open pages never both search with it.
 */
export async function takeSharedPhoto(now = Date.now()): Promise<SharedPhoto | undefined> {
  const photo = await store()('readwrite', (kv) => {
    const read = promisifyRequest(kv.get('photo')) as Promise<SharedPhoto | undefined>;
    kv.delete('photo');
    return read;
  });
  return isFresh(photo, now) ? photo : undefined;
}

/** The shared photo as the file a picker would have given. */
export const sharedPhotoFile = (photo: SharedPhoto): File =>
  new File([new Uint8Array(photo.bytes)], photo.name || 'shared.jpg', { type: photo.type });

/** Whether a shared photo waits to be taken (without taking it); one shared too long ago is deleted. */
export async function hasSharedPhoto(now = Date.now()): Promise<boolean> {
  const photo = (await get('photo', store())) as SharedPhoto | undefined;
  if (isFresh(photo, now)) return true;
  if (photo) await del('photo', store());
  return false;
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
  let target = '/';
  try {
    if (file) {
      await keepSharedPhoto({
        bytes: await file.arrayBuffer(),
        name: file.name,
        type: file.type,
        at: Date.now(),
      });
      target = afterShareAddress(await lastEvent());
    }
  } catch {
    // Storage full or blocked: the app still opens (home), and the buyer picks the photo there.
    target = '/';
  }
  return Response.redirect(new URL(target, request.url).href, 303);
}
