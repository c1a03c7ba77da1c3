// Nearby frames: for the photos a face search found, the same photographer's photos (same camera) taken
// NEARBY_FRAME_SECONDS before and after, offered in their own row. Only photos of the event, none of those found,
// none purged; each once, near the best-ranked match it is near, the closest in time first. After a bib search the
// row is stricter (bibNearbyFrames): only photos with evidence of the runner, a few at most.
import { NEARBY_FRAME_SECONDS, NEARBY_FRAMES_MAX } from '../../core/constants';
import type { BibNearbyRequest } from '../../core/contract/bibsearch';
import type { NearbyFramesRequest } from '../../core/contract/facesearch';
import type { Photo } from '../../core/contract/photos';
import type { AppContext } from '../context';
import { eventPhotoCount, photosOfBibWearer, photosWithCamera } from '../db/bib-nearby-repo';
import { type NearbyPhoto, type PhotoRef, photosTakenNear } from '../db/photos-repo';
import type { EventRow } from '../db/schema';
import { bibEventOpen } from './bib-search';
import { eventOpenForSearch } from './face-search';
import { accept, type Outcome, type Refusal, refuse } from './outcome';
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

/**
 * Only around photos the store showed the caller: ids count up, so without passes the call would walk an event. A
 * refusal when a pass is missing or not its photo's.
 */
function unpassed(ctx: AppContext, request: NearbyFramesRequest): Refusal | undefined {
  const passed =
    request.passes.length === request.photo_ids.length &&
    request.photo_ids.every((id, i) => isPhotoPass(ctx.photoPassSecret, id, request.passes[i]));
  if (passed) return undefined;
  return refuse(400, 'these photos are not among your results: search again', {
    field: 'passes',
    code: 'photo-pass',
    th: 'ภาพเหล่านี้ไม่อยู่ในผลการค้นหาของคุณ กรุณาค้นหาใหม่',
  });
}

export async function nearbyFrames(ctx: AppContext, request: NearbyFramesRequest): Promise<Outcome<Photo[]>> {
  const refused = unpassed(ctx, request);
  if (refused) return refused;
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

// --- After a bib search ---------------------------------------------------------------------------------------------
// A face search's photos are the runner's face; frames a few seconds around them are where the same runner turned
// away. A bib search's photos are only where a number was read, and the time rule alone answered most of an event:
// photos without their camera's identity carry no capture time (taken_at is when they were imported, a whole folder
// within seconds), and a finish line's photographer shoots every second, every frame another runner. So after a bib
// search a photo is offered only on evidence that the runner is in it:
//   - their face: a face of the same likely person (the event's grouping of faces, made at indexing) as a face the
//     bib was read under in a photo found, unless that face wears another bib that was read;
//   - their moment: a frame the same photographer took with the same camera, both photos carrying the camera's
//     identity (so their times are the camera's), within NEARBY_FRAME_SECONDS of a photo found, the nearest
//     BIB_NEARBY_PER_PHOTO of each photo found (a burst's neighbours, not the whole second's crowd).
// Face evidence first (it is the stronger), then the frames by the photo found they are near, the closest first; at
// most BIB_NEARBY_MAX and never more than a BIB_NEARBY_SHARE of the event's photos: a runner is in a small part of
// any event, and a list that is most of it tells them nothing about where they are.

/** The most photos offered after a bib search: a row a runner looks through, not a second result. */
export const BIB_NEARBY_MAX = 8;
/** Frames offered around each photo found: the burst's nearest neighbours. */
export const BIB_NEARBY_PER_PHOTO = 2;
/** The largest share of the event's photos offered (rounded down): never most of the event. */
export const BIB_NEARBY_SHARE = 1 / 4;

/** How many photos may be offered after a bib search on an event of `eventPhotos` photos. */
export const bibNearbyCap = (eventPhotos: number): number =>
  Math.min(BIB_NEARBY_MAX, Math.floor(eventPhotos * BIB_NEARBY_SHARE));

/**
 * The frames of a bib search's photos that carry the evidence of the runner's moment (see above), in order: by the
 * best-ranked photo found they are near, the closest first, each once, at most `perPhoto` around each photo found.
 */
export function framesOfMoment(
  rows: readonly NearbyPhoto[],
  foundOrder: readonly number[],
  withCamera: ReadonlySet<number>,
  perPhoto: number,
): NearbyPhoto[] {
  const timed = rows.filter((row) => withCamera.has(row.id) && withCamera.has(row.near_id));
  const ranked = rankNearby(timed, foundOrder, Number.MAX_SAFE_INTEGER);
  const around = new Map<number, number>();
  return ranked.filter((row) => {
    const n = around.get(row.near_id) ?? 0;
    if (n >= perPhoto) return false;
    around.set(row.near_id, n + 1);
    return true;
  });
}

export async function bibNearbyFrames(ctx: AppContext, request: BibNearbyRequest): Promise<Outcome<Photo[]>> {
  const refused = unpassed(ctx, request);
  if (refused) return refused;
  const opened = await bibEventOpen(ctx, request.event_key, request.bib);
  if (!opened.ok) return opened;
  const { event, bib } = opened.value;
  const cap = bibNearbyCap(await eventPhotoCount(ctx.db, event.event_id));
  if (cap === 0) return accept([]);
  const offered = [
    ...(await photosOfTheFace(ctx, event, bib, request.photo_ids, cap)),
    ...(await photosOfTheMoment(ctx, event, request.photo_ids)),
  ];
  const seen = new Set<number>();
  return accept(
    offered
      .filter((photo) => !seen.has(photo.id) && seen.add(photo.id))
      .slice(0, cap)
      .map((photo) => toApiPhoto(photo, ctx.photoPassSecret)),
  );
}

/** The bib wearer's face in other photos; none at an event without face search (its faces are never described). */
async function photosOfTheFace(
  ctx: AppContext,
  event: EventRow,
  bib: string,
  found: readonly number[],
  limit: number,
): Promise<PhotoRef[]> {
  if (!event.face_search) return [];
  return photosOfBibWearer(ctx.db, event.event_id, bib, found, limit);
}

/** The frames of the runner's moment around the photos found. */
async function photosOfTheMoment(
  ctx: AppContext,
  event: EventRow,
  found: readonly number[],
): Promise<NearbyPhoto[]> {
  const rows = await photosTakenNear(ctx.db, event.event_id, found, NEARBY_FRAME_SECONDS, CANDIDATE_ROWS);
  if (rows.length === 0) return [];
  const withCamera = await photosWithCamera(ctx.db, [...found, ...rows.map((row) => row.id)]);
  return framesOfMoment(rows, found, withCamera, BIB_NEARBY_PER_PHOTO);
}
