// Each photographer's camera clock at an event, as the time tier uses it: the offset the operator set by hand, else
// the one estimated from the bibs read in their photos (bibs/camera-clocks.ts) when that puts them at the finish.
import { type ClockEstimate, estimateClockOffset } from '../bibs/camera-clocks';
import type { Db } from '../db/database';
import { bibFinishPairs, cameraOffsetsSet, clockInputs, photographersOfEvent } from '../db/results-repo';

export interface CameraClock {
  photographerId: number;
  /** The photographer's photos at the event, and how many carry their camera's identity (a capture time). */
  photos: number;
  withCamera: number;
  /** What the bibs read in their photos say, when any has a finish clock time. */
  estimate?: ClockEstimate;
  /** The offset the operator set (ms), if any. */
  setMs?: number;
  /**
   * The offset finish times are moved by to find this photographer's frames (ms): the one set, else the estimate
   * when it puts them at the finish; undefined when neither (their photos are not searched by finish time).
   */
  offsetMs?: number;
}

export async function cameraClocks(db: Db, eventId: number): Promise<CameraClock[]> {
  const [photographers, pairs, set] = await Promise.all([
    photographersOfEvent(db, eventId),
    bibFinishPairs(db, eventId),
    cameraOffsetsSet(db, eventId),
  ]);
  const differences = new Map<number, { photoId: number; differenceMs: number }[]>();
  for (const p of pairs) {
    const list = differences.get(p.photographer_id) ?? [];
    list.push({ photoId: p.photo_id, differenceMs: p.taken_at.getTime() - p.finish_at.getTime() });
    differences.set(p.photographer_id, list);
  }
  // A photographer whose offset was set before their photos came is listed too.
  const known = new Set(photographers.map((p) => p.photographer_id));
  const waiting = [...set.keys()].filter((id) => !known.has(id));
  const listed = [
    ...photographers,
    ...waiting.map((id) => ({ photographer_id: id, photos: 0, with_camera: 0 })),
  ].sort((a, b) => a.photographer_id - b.photographer_id);
  return listed.map((p) => {
    const estimate = estimateClockOffset(differences.get(p.photographer_id) ?? []);
    const setMs = set.get(p.photographer_id);
    const offsetMs = setMs ?? (estimate?.atFinish ? estimate.offsetMs : undefined);
    return {
      photographerId: p.photographer_id,
      photos: p.photos,
      withCamera: p.with_camera,
      ...(estimate ? { estimate } : {}),
      ...(setMs === undefined ? {} : { setMs }),
      ...(offsetMs === undefined ? {} : { offsetMs }),
    };
  });
}

/**
 * How long a search trusts the camera clocks it worked out: working them out reads every bib read of the event (all
 * its photographers' photos), too much for every bib search of a race day. Results imported or an offset set are
 * seen at once (clockInputs); new photos and bib reads within this time.
 */
export const CLOCKS_KEPT_MS = 30_000;

const kept = new WeakMap<Db, Map<number, { at: number; inputs: string; clocks: Promise<CameraClock[]> }>>();

/** The event's camera clocks as searches use them: worked out again when the inputs change or after CLOCKS_KEPT_MS. */
export async function currentCameraClocks(db: Db, eventId: number, now = Date.now()): Promise<CameraClock[]> {
  const inputs = await clockInputs(db, eventId);
  let events = kept.get(db);
  if (!events) {
    events = new Map();
    kept.set(db, events);
  }
  const entry = events.get(eventId);
  if (entry && entry.inputs === inputs && now - entry.at < CLOCKS_KEPT_MS) return entry.clocks;
  const fresh = { at: now, inputs, clocks: cameraClocks(db, eventId) };
  events.set(eventId, fresh);
  // A failure is not kept: the next search works them out again.
  fresh.clocks.catch(() => {
    if (events.get(eventId) === fresh) events.delete(eventId);
  });
  return fresh.clocks;
}
