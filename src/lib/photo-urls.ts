// Public addresses of photo derivatives in the object store: {storage}/{event_key}/thumbnail|preview/{file}
// (SPEC §3, core/contract/photos.ts photoObjectKeys), and the address of a free event's photo, full size. The one
// place that knows the storage base.
import { freePhotoPath } from '../../core/contract/events';
import { photoObjectKeys } from '../../core/contract/photos';
import { API_BASE } from './api/client';
import { appSettings } from './app-settings';

/**
 * Where the store's public objects are served (S3's public address, else the server's STORAGE_PUBLIC_URL;
 * `/storage` on the disk store). A setting the server hands over, because photo answers carry file names, not
 * addresses.
 */
export const STORAGE_BASE: string = appSettings.storageBase;

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

/**
 * A free-download event's photo, full size (its logo version): the API answers with a redirect to the signed
 * address, so the link stays good however long the page has been open.
 */
export const freePhotoUrl = (eventKey: string, photoId: number): string =>
  `${API_BASE}${freePhotoPath(eventKey, photoId)}`;

/**
 * The buyer's unmarked thumbnail of a photo of their paid order, served by the API to whoever holds the
 * order's address.
 */
export const paidThumbnailUrl = (orderUuid: string, photoId: number): string =>
  `${API_BASE}/v1/order/${encodeURIComponent(orderUuid)}/thumbnail/${photoId}`;
