// Groups each event's faces into people as they are stored (issue 32), in the process that indexes them: the
// event's people (people.ts) are kept in memory, refreshed from the database with what other processes stored,
// and a photo's new faces are grouped and saved one photo of an event at a time. A person's id is the id of its
// first face, so processes need no shared counter. Two processes grouping two photos of one runner at the same
// moment may make two people of them: a split, which the calibration allows for (it skips the nearest person).
import type { FaceForGrouping } from '../db/faces-repo';
import { descriptorFromBytes } from './matrix';
import { EventPeople, type FaceSighting } from './people';

/** Faces grouped (each a scan of the event's faces) between two turns of the event loop given to requests. */
const GROUPED_BETWEEN_YIELDS = 32;

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
}

/** A stored face as a sighting. */
function sightingOf(face: FaceForGrouping): FaceSighting {
  return {
    photoId: face.photoId,
    descriptor: descriptorFromBytes(face.descriptor),
    photographerId: face.photographerId,
    takenAtMs: face.takenAtMs,
    box: face.box,
  };
}

export class FaceGrouping {
  private readonly events = new Map<number, EventGroups>();

  constructor(
    private readonly load: FacesForGroupingLoader,
    /** Events whose people stay in memory (least recently grouped dropped first). */
    private readonly maxEvents = 4,
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
      const people = faces.map((f) => groups.people.add(f));
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
    this.events.delete(eventId);
    return this.inTurn(eventId, async (groups) => {
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

  /** Runs `work` on the event's people after the event's earlier work; a failure makes them be read again. */
  private inTurn<T>(eventId: number, work: (groups: EventGroups) => Promise<T>): Promise<T> {
    const groups = this.groupsOf(eventId);
    const run = groups.turn.then(() =>
      work(groups).catch((error: unknown) => {
        this.events.delete(eventId);
        throw error;
      }),
    );
    groups.turn = run.catch(() => undefined);
    return run;
  }

  /** Drops an event's people (its faces deleted): they are read again when next needed. */
  forget(eventId: number): void {
    this.events.delete(eventId);
  }

  private groupsOf(eventId: number): EventGroups {
    let groups = this.events.get(eventId);
    if (groups) {
      this.events.delete(eventId);
      this.events.set(eventId, groups);
      return groups;
    }
    groups = {
      people: new EventPeople(),
      personIds: [],
      personOf: new Map(),
      lastId: 0,
      savedHere: new Set(),
      turn: Promise.resolve(),
    };
    this.events.set(eventId, groups);
    while (this.events.size > this.maxEvents) {
      const oldest = this.events.keys().next().value;
      if (oldest === undefined || oldest === eventId) break;
      this.events.delete(oldest);
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
    let scanned = 0;
    for (;;) {
      const page = await this.load(eventId, groups.lastId);
      if (page.length === 0) break;
      for (const face of page) {
        groups.lastId = Math.max(groups.lastId, face.id);
        if (groups.savedHere.delete(face.id)) continue;
        const sighting = sightingOf(face);
        if (face.personId === null && ungrouped) {
          ungrouped(face, groups.people.add(sighting));
          // Grouping scans the event's faces (about 2 ms a face at 100k): requests get the thread between a few.
          if (++scanned % GROUPED_BETWEEN_YIELDS === 0) await new Promise((resolve) => setImmediate(resolve));
          continue;
        }
        const personId = face.personId ?? face.id;
        let person = groups.personOf.get(personId);
        if (person === undefined) {
          person = groups.people.peopleCount;
          groups.personOf.set(personId, person);
          groups.personIds[person] = personId;
        }
        groups.people.add(sighting, person);
      }
    }
  }
}
