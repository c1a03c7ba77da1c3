// Public addresses of photo derivatives in the object store: {storage}/{event_key}/thumbnail|preview/{file}
// (SPEC §3, core/contract/photos.ts photoObjectKeys). The one place that knows the storage base.
import { photoObjectKeys } from '../../core/contract/photos';

/**
 * Where the store's public objects are served (the server's STORAGE_PUBLIC_URL; `/storage` on the disk store).
 * A build setting like the API base, because photo answers carry file names, not addresses.
 */
export const STORAGE_BASE: string = (
  (import.meta.env.VITE_STORAGE_BASE as string | undefined) ?? '/storage'
).replace(/\/+$/, '');

/** The public address of an object key (each path segment escaped). */
export const publicObjectUrl = (key: string): string =>
  `${STORAGE_BASE}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** Thumbnail and preview addresses of a photo of an event. */
export function photoImageUrls(
  eventKey: string,
  photo: { thumbnail_file_name: string; preview_file_name: string },
): { thumbnail: string; preview: string } {
  return {
    thumbnail: thumbnailUrl(eventKey, photo.thumbnail_file_name),
    preview: publicObjectUrl(photoObjectKeys(eventKey, photo.preview_file_name).preview),
  };
}

/** The thumbnail address of a file of an event. */
export const thumbnailUrl = (eventKey: string, fileName: string): string =>
  publicObjectUrl(photoObjectKeys(eventKey, fileName).thumbnail);
