// An event's face search turned off (by `admin update-event --face-search off`, in a process of its own) deletes its
// faces from the database; each process that holds the event's faces in memory (the engine's matrix, the grouping's
// people) learns of it here: the events it has loaded are looked at every few seconds, and those whose face search
// is off are forgotten. Searches of such an event are refused meanwhile (services/face-search.ts).
import type { Db } from '../db/database';
import { log } from '../ops/log';

/** How often the loaded events are looked at. */
export const FACE_SEARCH_OFF_CHECK_MS = 5000;

export interface FaceSearchOffWatch {
  /** The process loaded (or is loading) faces of this event. */
  loaded(eventId: number): void;
  /** Looks at the loaded events now; answers those forgotten. */
  check(): Promise<number[]>;
  stop(): void;
}

/** The ids among these events whose face search is off. */
export async function eventsWithFaceSearchOff(db: Db, eventIds: readonly number[]): Promise<number[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select('event_id')
    .where('event_id', 'in', [...eventIds])
    .where('face_search', '=', false)
    .execute();
  return rows.map((r) => r.event_id);
}

/**
 * Watches the events whose faces this process loaded: `forget` is called for each whose face search is off (once;
 * loading it again watches it again). Checks every `everyMs` (0: only when `check` is called).
 */
export function watchFaceSearchOff(
  db: Db,
  forget: (eventId: number) => void,
  everyMs = FACE_SEARCH_OFF_CHECK_MS,
): FaceSearchOffWatch {
  const loaded = new Set<number>();
  let checking: Promise<number[]> | undefined;
  const check = (): Promise<number[]> => {
    checking ??= eventsWithFaceSearchOff(db, [...loaded])
      .then((off) => {
        for (const eventId of off) {
          loaded.delete(eventId);
          forget(eventId);
        }
        return off;
      })
      .finally(() => {
        checking = undefined;
      });
    return checking;
  };
  const timer =
    everyMs > 0
      ? setInterval(() => {
          if (loaded.size === 0) return;
          check().catch((error: unknown) =>
            log.warn('could not look at which events have face search off', { err: error }),
          );
        }, everyMs)
      : undefined;
  timer?.unref();
  return {
    loaded: (eventId) => loaded.add(eventId),
    check,
    stop: () => clearInterval(timer),
  };
}
