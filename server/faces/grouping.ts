// Groups each event's faces into people as they are stored, in the process that indexes them: the
// event's people (people.ts) are kept in memory, refreshed from the database with what other processes stored,
// and a photo's new faces are grouped and saved one photo of an event at a time. A person's id is the id of its
// first face, so processes need no shared counter. Two processes grouping two photos of one runner at the same
// moment may make two people of them: a split, which the calibration allows for (it skips the nearest person).
import type { FaceForGrouping } from '../db/faces-repo';
import { descriptorFromBytes } from './matrix';
import { EventPeople, type FaceSighting } from './people';

/**
 * Grouping a face scans the event's faces (about 2-3 ms at 100k): after this much work the event loop is given to
 * requests before the next face.
 */
const GROUPING_SLICE_MS = 8;

/** Gives the event loop to waiting requests once `since` is more than a slice ago; answers the new start. */
async function yieldAfterSlice(since: number): Promise<number> {
  if (performance.now() - since < GROUPING_SLICE_MS) return since;
  await new Promise((resolve) => setImmediate(resolve));
  return performance.now();
}

/** A page of an event's stored faces after an id, in id order (empty after the last). */
export type FacesForGroupingLoader = (eventId: number, afterId: number) => Promise<FaceForGrouping[]>;

/** Saves a photo's faces with the people given (undefined: a new person); answers their ids and people in order. */
export type SaveGroupedFaces = (
  personIds: (number | undefined)[],
) => Promise<{ id: number; person_id: number }[]>;

interface EventGroups {
  people: EventPeople;
  /** The stored person id of each person of `people`. */
  personIds: number[];
  /** people's person of each stored person id. */
  personOf: Map<number, number>;
  /** The last stored face read; faces saved here are not read again. */
  lastId: number;
  savedHere: Set<number>;
  /** Groupings of this event, one at a time. */
  turn: Promise<unknown>;
  /** Turns queued or running: an event with any is never dropped from memory (its turns must keep chaining). */
  pending: number;
}

/** A stored face as a sighting. */
function sightingOf(face: FaceForGrouping): FaceSighting {
  return {
    photoId: face.photoId,
    descriptor: descriptorFromBytes(face.descriptor),
    photographerId: face.photographerId,
    camera: face.camera,
    takenAtMs: face.takenAtMs,
    box: face.box,
  };
}

const emptyGroups = (): Omit<EventGroups, 'turn' | 'pending'> => ({
  people: new EventPeople(),
  personIds: [],
  personOf: new Map(),
  lastId: 0,
  savedHere: new Set(),
});

/** Empties an event's people in place (its turns keep chaining on the same object): read whole next time. */
function resetGroups(groups: EventGroups): void {
  Object.assign(groups, emptyGroups());
}

export class FaceGrouping {
  private readonly events = new Map<number, EventGroups>();

  constructor(
    private readonly load: FacesForGroupingLoader,
    /** Events whose people stay in memory (least recently grouped dropped first). */
    private readonly maxEvents = 8,
  ) {}

  /**
   * Groups a photo's new faces (sightings) with the event's people and saves them with `save`, one photo of an
   * event at a time. When saving fails, the event's people are read again next time.
   */
  async group(
    eventId: number,
    faces: readonly FaceSighting[],
    save: SaveGroupedFaces,
  ): Promise<{ id: number; person_id: number }[]> {
    return this.inTurn(eventId, async (groups) => {
      await this.refresh(eventId, groups);
      const people: number[] = [];
      let slice = performance.now();
      for (const face of faces) {
        people.push(groups.people.add(face));
        slice = await yieldAfterSlice(slice);
      }
      const stored = await save(people.map((p) => groups.personIds[p]));
      stored.forEach((s, i) => {
        const person = people[i] as number;
        if (groups.personIds[person] === undefined) {
          groups.personIds[person] = s.person_id;
          groups.personOf.set(s.person_id, person);
        }
        groups.savedHere.add(s.id);
      });
      return stored;
    });
  }

  /**
   * Groups the event's faces that have no person yet (stored before grouping existed) in id order, and answers
   * them with their people for the caller to store; the event's people are read whole again first.
   */
  async groupUngrouped(eventId: number): Promise<{ id: number; personId: number }[]> {
    return this.inTurn(eventId, async (groups) => {
      resetGroups(groups);
      const grouped: { id: number; personId: number }[] = [];
      await this.refresh(eventId, groups, (face, person) => {
        // A face of a new person is that person's first face: the person takes its id.
        if (groups.personIds[person] === undefined) {
          groups.personIds[person] = face.id;
          groups.personOf.set(face.id, person);
        }
        grouped.push({ id: face.id, personId: groups.personIds[person] as number });
      });
      return grouped;
    });
  }

  /**
   * Runs `work` on the event's people after the event's earlier work (one object an event, so that the turns of
   * the event chain); a failure empties them, to be read again by the next turn.
   */
  private inTurn<T>(eventId: number, work: (groups: EventGroups) => Promise<T>): Promise<T> {
    const groups = this.groupsOf(eventId);
    groups.pending++;
    const run = groups.turn
      .then(() =>
        work(groups).catch((error: unknown) => {
          resetGroups(groups);
          throw error;
        }),
      )
      .finally(() => {
        groups.pending--;
      });
    groups.turn = run.catch(() => undefined);
    return run;
  }

  /** Drops an event's people (its faces deleted): they are read again by its next turn. */
  forget(eventId: number): void {
    const groups = this.events.get(eventId);
    if (groups) void this.inTurn(eventId, async () => resetGroups(groups)).catch(() => undefined);
  }

  private groupsOf(eventId: number): EventGroups {
    let groups = this.events.get(eventId);
    if (groups) {
      this.events.delete(eventId);
      this.events.set(eventId, groups);
      return groups;
    }
    groups = { ...emptyGroups(), turn: Promise.resolve(), pending: 0 };
    this.events.set(eventId, groups);
    // The least recently used idle events go first; an event with turns pending stays.
    for (const [id, other] of this.events) {
      if (this.events.size <= this.maxEvents) break;
      if (id !== eventId && other.pending === 0) this.events.delete(id);
    }
    return groups;
  }

  /**
   * Reads the faces stored since the last read. A grouped face joins its person as it is; a face without one is
   * grouped here (and told to `ungrouped`, which stores it), or counted a person of its own when nobody asks.
   */
  private async refresh(
    eventId: number,
    groups: EventGroups,
    ungrouped?: (face: FaceForGrouping, person: number) => void,
  ): Promise<void> {
    let slice = performance.now();
    for (;;) {
      const page = await this.load(eventId, groups.lastId);
      if (page.length === 0) break;
      for (const face of page) {
        groups.lastId = Math.max(groups.lastId, face.id);
        if (groups.savedHere.delete(face.id)) continue;
        const sighting = sightingOf(face);
        if (face.personId === null && ungrouped) {
          ungrouped(face, groups.people.add(sighting));
        } else {
          const personId = face.personId ?? face.id;
          let person = groups.personOf.get(personId);
          if (person === undefined) {
            person = groups.people.peopleCount;
            groups.personOf.set(personId, person);
            groups.personIds[person] = personId;
          }
          groups.people.add(sighting, person);
        }
        // Reading an event's people whole (100k faces: seconds) never holds the requests for long.
        slice = await yieldAfterSlice(slice);
      }
      slice = await yieldAfterSlice(slice);
    }
  }
}
