// Nearby frames (issue 17): for the photos a face search found, the same photographer's photos (same camera) taken
// NEARBY_FRAME_SECONDS before and after, offered in their own row. Only photos of the event, none of those found,
// none purged; each once, near the best-ranked match it is near, the closest in time first.
import { NEARBY_FRAME_SECONDS, NEARBY_FRAMES_MAX } from '../../core/constants';
import type { NearbyFramesRequest } from '../../core/contract/facesearch';
import type { Photo } from '../../core/contract/photos';
import type { AppContext } from '../context';
import { type NearbyPhoto, photosTakenNear } from '../db/photos-repo';
import { eventOpenForSearch } from './face-search';
import { accept, type Outcome, refuse } from './outcome';
import { isPhotoPass } from './photo-pass';
import { toApiPhoto } from './photo-shape';

/** Candidate rows read at most: a burst of 10 frames a second around each of many matches stays well under. */
const CANDIDATE_ROWS = 5000;

/** Each photo once, near the best-ranked match, then the closest in time; at most `max`. */
export function rankNearby(
  rows: readonly NearbyPhoto[],
  matchOrder: readonly number[],
  max: number,
): NearbyPhoto[] {
  const rank = new Map<number, number>();
  matchOrder.forEach((id, i) => {
    if (!rank.has(id)) rank.set(id, i);
  });
  const rankOf = (row: NearbyPhoto) => rank.get(row.near_id) ?? Number.MAX_SAFE_INTEGER;
  const best = new Map<number, NearbyPhoto>();
  for (const row of rows) {
    const kept = best.get(row.id);
    if (
      !kept ||
      rankOf(row) < rankOf(kept) ||
      (rankOf(row) === rankOf(kept) && row.gap_seconds < kept.gap_seconds)
    )
      best.set(row.id, row);
  }
  return [...best.values()]
    .sort((a, b) => rankOf(a) - rankOf(b) || a.gap_seconds - b.gap_seconds || a.id - b.id)
    .slice(0, max);
}

export async function nearbyFrames(ctx: AppContext, request: NearbyFramesRequest): Promise<Outcome<Photo[]>> {
  // Only around photos the store showed the caller: ids count up, so without passes the call would walk an event.
  const passed =
    request.passes.length === request.photo_ids.length &&
    request.photo_ids.every((id, i) => isPhotoPass(ctx.photoPassSecret, id, request.passes[i]));
  if (!passed) {
    return refuse(400, 'these photos are not among your results: search again', {
      field: 'passes',
      code: 'photo-pass',
      th: 'ภาพเหล่านี้ไม่อยู่ในผลการค้นหาของคุณ กรุณาค้นหาใหม่',
    });
  }
  const open = await eventOpenForSearch(ctx, request.event_key);
  if (!open.ok) return open;
  const rows = await photosTakenNear(
    ctx.db,
    open.value.event_id,
    request.photo_ids,
    NEARBY_FRAME_SECONDS,
    CANDIDATE_ROWS,
  );
  return accept(
    rankNearby(rows, request.photo_ids, NEARBY_FRAMES_MAX).map((row) => toApiPhoto(row, ctx.photoPassSecret)),
  );
}
