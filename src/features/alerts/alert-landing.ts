// The event page opened from an alert: the notification's or the e-mail's link carries the alert's token
// (?alert=), and the confirmation e-mail's link its secret (?alert_confirm=). The alert's photos come as a face
// search answers them; the page shows them with the results it kept and keeps them too.
import type { Photo } from '../../../core/contract/photos';
import { fetchAlertPhotos } from '../../lib/api/alerts';

const SECRET = /^[A-Za-z0-9_-]{32}$/;

export function alertParams(search: string): { token?: string; confirm?: string } {
  const params = new URLSearchParams(search);
  const token = params.get('alert') ?? '';
  const confirm = params.get('alert_confirm') ?? '';
  return {
    ...(SECRET.test(token) ? { token } : {}),
    ...(SECRET.test(confirm) ? { confirm } : {}),
  };
}

/** The alert's photos (newest first) before those kept, each once. */
export async function withAlertPhotos(token: string, kept: readonly Photo[]): Promise<Photo[]> {
  const answer = await fetchAlertPhotos(token);
  const seen = new Set(answer.images.map((p) => p.id));
  return [...answer.images, ...kept.filter((p) => !seen.has(p.id))];
}
