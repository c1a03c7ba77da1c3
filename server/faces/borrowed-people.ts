// People lent to a small event's calibration (event-calibration.ts): one face of each of up to COHORT_MOST people of
// the store's other events, read from the database when a small event is first searched and read again after a
// while. Only their descriptors' distances are used, in memory; nothing of them reaches an answer.
import { COHORT_MOST } from './event-calibration';

/** Descriptors of people of events other than `eventId` (at most `most`). */
export type BorrowedPeopleLoader = (eventId: number, most: number) => Promise<Float32Array[]>;

/** How long lent people serve before they are read again (events close, faces are removed). */
const KEEP_MS = 10 * 60_000;
/** Small events whose lent people are kept (least recently searched dropped first). */
const EVENTS_MOST = 50;

interface Lent {
  people: Float32Array[];
  readAt: number;
  reading?: Promise<void> | undefined;
}

export class BorrowedPeople {
  private readonly events = new Map<number, Lent>();

  constructor(
    private readonly load: BorrowedPeopleLoader,
    private readonly keepMs = KEEP_MS,
  ) {}

  /**
   * Makes sure the event has its lent people: read once and waited for; read again in the background when old. A
   * failed read lends nobody (the event calibrates as it would alone) and is tried again by the next search.
   */
  async ensure(eventId: number): Promise<void> {
    let lent = this.events.get(eventId);
    if (lent) {
      this.events.delete(eventId);
      this.events.set(eventId, lent);
      if (Date.now() - lent.readAt > this.keepMs && !lent.reading)
        void this.read(eventId, lent).catch(() => {});
      return;
    }
    lent = { people: [], readAt: 0 };
    this.events.set(eventId, lent);
    while (this.events.size > EVENTS_MOST) {
      const oldest = this.events.keys().next().value;
      if (oldest === undefined) break;
      this.events.delete(oldest);
    }
    try {
      await this.read(eventId, lent);
    } catch {
      this.events.delete(eventId);
    }
  }

  /** The event's lent people (undefined: none read). */
  of(eventId: number): readonly Float32Array[] | undefined {
    const people = this.events.get(eventId)?.people;
    return people && people.length > 0 ? people : undefined;
  }

  /** Forgets what was lent (the store's faces changed wholesale: removals, an event deleted). */
  clear(): void {
    this.events.clear();
  }

  private read(eventId: number, lent: Lent): Promise<void> {
    lent.reading ??= this.load(eventId, COHORT_MOST)
      .then((people) => {
        lent.people = people;
        lent.readAt = Date.now();
      })
      .finally(() => {
        lent.reading = undefined;
      });
    return lent.reading;
  }
}
