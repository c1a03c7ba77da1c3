// The face engine's two parts as the store uses them, searching (FaceSearchEngine) and getting selfies ready
// (SelfiePreparation), and FaceIndexEngine, which is both: selfie embedding (detect.ts, in-process or in the worker
// pool) plus an exact scan of the event's in-memory matrix (matrix.ts).

import { SELFIE_DELETED_WITHIN_SECONDS } from '../../core/constants';
import type { FaceBox, SelfieProblem } from '../../core/contract/facesearch';
import type { FaceBlock } from '../db/faces-repo';
import { BorrowedPeople, type BorrowedPeopleLoader } from './borrowed-people';
import { type CandidateFace, type Tier, tierPhotos } from './calibration';
import { EventCalibration } from './event-calibration';
import { DESCRIPTOR_BYTES, FaceMatrix } from './matrix';
import { PreparedSelfies } from './prepared-selfies';

export interface FaceMatch {
  photoId: number;
  /** Euclidean distance between the selfie's descriptor and the photo's closest face (smaller is closer). */
  distance: number;
  /**
   * "Photos of you" (confident) or "maybe you" (calibrated against the event's people); a match without
   * it (an engine that does not tier) counts as confident.
   */
  tier?: Tier;
  /** The matched face and its likely person (the id of that person's first face), when the engine knows them. */
  faceId?: number;
  personId?: number;
}

/**
 * Default face_threshold (euclidean distance), tuned with `npm run bench:face` on ../shared/faces (its threshold
 * sweep): with dlib-aligned chips, same-person pairs reach 0.64 at most and different-person pairs start at 0.62;
 * at 0.6 the face set gives recall 0.988 at precision 1.
 */
export const DEFAULT_FACE_THRESHOLD = 0.6;

export interface FaceQuery {
  eventId: number;
  /** Largest distance that counts as the same person. */
  threshold: number;
  /** Most photos to answer. */
  maxResults: number;
  /** How many selfies of the runner the descriptor averages (2: tiered at the two selfies' stricter score). */
  selfies?: 1 | 2;
}

/** The matches, with how many faces the selfie had (the largest searched); or no face in it. */
export type FaceSearchOutcome =
  | {
      kind: 'matches';
      matches: FaceMatch[];
      selfieFaces?: number;
      /** Where the selfie's faces are when it had several (fractions of the upright selfie, the searched first). */
      selfieBoxes?: FaceBox[];
      /** The selfie's face as it was searched (the answer is judged against removed runners' faces with it). */
      descriptor?: Float32Array;
    }
  | { kind: 'no-face' };

/**
 * What a face search asks of the engine: a selfie's face as a descriptor, and the event's photos close to a
 * descriptor. A selfie search is the one, then the other (services/face-search.ts), so that the selfie can be judged
 * (poor, no face) between them; "more like this one", alerts and face removals search with a known descriptor.
 */
export interface FaceSearchEngine {
  /**
   * The selfie's face as a descriptor (its largest face), or no face; bad bytes throw FaceImageError. With the
   * upload's key, an embedding prepared from that upload (SelfiePreparation) is used instead of embedding again.
   */
  describe(selfie: Uint8Array, uploadKey?: string): ReturnType<SelfieDescriber>;
  /** The event's photos with a face close to the descriptor, tiered, best first. */
  searchDescriptor(descriptor: ArrayLike<number>, query: FaceQuery): Promise<FaceMatch[]>;
}

/**
 * Getting selfies ready before their search asks: embedding an uploaded selfie as soon as it lands, and the queue
 * of selfies waiting to be embedded (the worker pool's), which a search that would wait too long is told of (busy).
 * `embedAtSearchTime`: nothing prepared, never busy (a store without a selfie queue, and tests).
 */
export interface SelfiePreparation {
  /** Starts embedding an uploaded selfie (prepared-selfies.ts). */
  prepareSelfie(uploadKey: string, selfie: Uint8Array): void;
  /** Whether an embedding is prepared (done or under way) for the upload's key. */
  isPrepared(uploadKey: string): boolean;
  /** How long a selfie search started now is expected to take to embed (ms), from the queue ahead of it. */
  expectedSelfieMs(): number;
  /** A search signed its selfie's upload: the selfie will come within seconds (indexing steps aside for it). */
  expectSelfie(): void;
}

export const embedAtSearchTime: SelfiePreparation = {
  prepareSelfie() {},
  isPrepared: () => false,
  expectedSelfieMs: () => 0,
  expectSelfie() {},
};

/** One stored face: its faces.id, its photo, its person and its 512 stored bytes (tests and in-memory loaders). */
export interface StoredFace {
  id: number;
  photo_id: number;
  /** Its likely person (a face id); its own id when not given. */
  person_id?: number | null;
  descriptor: Uint8Array;
}

/** Faces packed as a loader answers them (in id order), or undefined for none. */
export function faceBlockOf(faces: readonly StoredFace[]): FaceBlock | undefined {
  const last = faces.at(-1);
  if (!last) return undefined;
  const descriptors = new Uint8Array(faces.length * DESCRIPTOR_BYTES);
  faces.forEach((f, i) => {
    descriptors.set(f.descriptor, i * DESCRIPTOR_BYTES);
  });
  return {
    lastId: last.id,
    photoIds: faces.map((f) => f.photo_id),
    faceIds: faces.map((f) => f.id),
    personIds: faces.map((f) => f.person_id ?? f.id),
    ungrouped: faces.filter((f) => f.person_id === null).length,
    descriptors,
  };
}

/**
 * The event's faces with an id above `afterId`, in id order, a page at a time, undefined after the last (the engine
 * asks again after the page's last id). The API gives `(e, a) => faceBlockOfEvent(db, e, a)`.
 */
export type EventFacesLoader = (eventId: number, afterId: number) => Promise<FaceBlock | undefined>;

/** The selfie's descriptor, or no face; bad bytes throw FaceImageError (see image.ts). */
export type SelfieDescriber = (selfie: Uint8Array) => Promise<
  | {
      kind: 'face';
      descriptor: Float32Array;
      faces?: number;
      /** Where its faces are when it has several (fractions of the upright selfie, the searched one first). */
      boxes?: FaceBox[];
      /** What makes the face a poor one to search with (selfie-quality.ts), when measured. */
      quality?: { problems: SelfieProblem[] };
    }
  | { kind: 'no-face' }
>;

export interface FaceIndexEngineOptions {
  loadFaces: EventFacesLoader;
  /** Embeds selfies: the worker pool's, or in-process selfieDescriptor by default. */
  describeSelfie?: SelfieDescriber;
  /** The selfie queue's expected time for a new selfie (the worker pool's); without it, never busy. */
  expectedSelfieMs?: () => number;
  /** Told when a search signs its selfie's upload (the worker pool's expectSelfie). */
  expectSelfie?: () => void;
  /** Events whose matrices stay in memory (least recently searched dropped first). */
  maxEvents?: number;
  /**
   * Faces stored by other processes (`npm run worker`) are not announced here: a search asks the database for
   * faces newer than the matrix's last one when it last asked longer ago than this (default 2 s; one indexed query).
   */
  recheckMs?: number;
  /**
   * How many of the event's faces have no person yet (stored before grouping; the group-faces job groups them, in
   * any process). While the matrix holds such faces, a search asks at most every ungroupedRecheckMs, and reads the
   * event again once they are grouped. Without it, never asked.
   */
  countUngrouped?: (eventId: number) => Promise<number>;
  /** How often a search of an event with ungrouped faces asks whether they have been grouped (default 10 s). */
  ungroupedRecheckMs?: number;
  /** People of the store's other events, lent to a small event's calibration (without it, none is lent). */
  loadBorrowedPeople?: BorrowedPeopleLoader;
}

interface EventIndex {
  matrix: FaceMatrix;
  /** faces.id of each row. */
  faceIds: number[];
  calibration: EventCalibration;
  /** Faces held that had no person when read: while any, the event is not calibrated (see countUngrouped). */
  ungrouped: number;
  ungroupedCheckedAt: number;
  lastId: number;
  stale: boolean;
  checkedAt: number;
  loading?: Promise<void>;
}

/** Prepared embeddings live as long as their selfie may (then the search cannot run anyway), at most this many. */
const PREPARED_KEEP_MS = SELFIE_DELETED_WITHIN_SECONDS * 1000;
const PREPARED_MOST = 500;

async function inProcessSelfie(selfie: Uint8Array): ReturnType<SelfieDescriber> {
  const { selfieDescriptor } = await import('./detect');
  const outcome = await selfieDescriptor(selfie);
  return outcome.kind === 'face'
    ? {
        kind: 'face',
        descriptor: outcome.face.descriptor,
        faces: outcome.faces,
        ...(outcome.boxes ? { boxes: outcome.boxes } : {}),
        quality: { problems: outcome.quality.problems },
      }
    : outcome;
}

/**
 * The face search engine: embeds the selfie, then scans the event's in-memory matrix exactly. The matrix is
 * loaded from the database on first use and refreshed (new faces appended) after `noteIndexed`.
 */
export class FaceIndexEngine implements FaceSearchEngine, SelfiePreparation {
  private readonly events = new Map<number, EventIndex>();
  private readonly loadFaces: EventFacesLoader;
  private readonly describeSelfie: SelfieDescriber;
  private readonly maxEvents: number;
  private readonly recheckMs: number;
  private readonly selfieWait: (() => number) | undefined;
  private readonly selfieComing: (() => void) | undefined;
  private readonly countUngrouped: ((eventId: number) => Promise<number>) | undefined;
  private readonly ungroupedRecheckMs: number;
  private readonly borrowed: BorrowedPeople | undefined;
  private readonly prepared = new PreparedSelfies<Awaited<ReturnType<SelfieDescriber>>>(
    PREPARED_KEEP_MS,
    PREPARED_MOST,
  );

  constructor(options: FaceIndexEngineOptions) {
    this.loadFaces = options.loadFaces;
    this.describeSelfie = options.describeSelfie ?? inProcessSelfie;
    this.maxEvents = options.maxEvents ?? 50;
    this.recheckMs = options.recheckMs ?? 2000;
    this.selfieWait = options.expectedSelfieMs;
    this.selfieComing = options.expectSelfie;
    this.countUngrouped = options.countUngrouped;
    this.ungroupedRecheckMs = options.ungroupedRecheckMs ?? 10_000;
    this.borrowed = options.loadBorrowedPeople && new BorrowedPeople(options.loadBorrowedPeople);
  }

  expectSelfie(): void {
    this.selfieComing?.();
  }

  expectedSelfieMs(): number {
    return this.selfieWait?.() ?? 0;
  }

  prepareSelfie(uploadKey: string, selfie: Uint8Array): void {
    this.prepared.prepare(uploadKey, () => this.describeSelfie(selfie));
  }

  isPrepared(uploadKey: string): boolean {
    return this.prepared.has(uploadKey);
  }

  async describe(selfie: Uint8Array, uploadKey?: string): ReturnType<SelfieDescriber> {
    const prepared = uploadKey === undefined ? undefined : this.prepared.take(uploadKey);
    return prepared ?? this.describeSelfie(selfie);
  }

  /** The selfie described, then its face searched (the store judges the selfie between the two: face-search.ts). */
  async search(selfie: Uint8Array, query: FaceQuery, uploadKey?: string): Promise<FaceSearchOutcome> {
    const described = await this.describe(selfie, uploadKey);
    if (described.kind === 'no-face') return described;
    return {
      kind: 'matches',
      matches: await this.searchDescriptor(described.descriptor, query),
      selfieFaces: described.faces,
      ...(described.boxes ? { selfieBoxes: described.boxes } : {}),
      descriptor: described.descriptor,
    };
  }

  /**
   * Search with a known descriptor (the selfie's, or "more like this": a face the runner picked in a result photo):
   * the faces within the event's threshold, tiered against the event's people (calibration.ts), confident first.
   */
  async searchDescriptor(descriptor: ArrayLike<number>, query: FaceQuery): Promise<FaceMatch[]> {
    const index = await this.indexOf(query.eventId);
    if (query.maxResults <= 0 || !(query.threshold > 0)) return [];
    const { matrix, calibration, faceIds } = index;
    if (calibration.small && this.borrowed) await this.borrowed.ensure(query.eventId);
    const near = matrix.nearRows(descriptor, query.threshold);
    // Faces without their people would count a runner's own faces as look-alikes: plain distances until grouped.
    const queryStats = index.ungrouped > 0 ? undefined : calibration.queryStats(descriptor);
    const candidates: CandidateFace[] = [];
    for (const { row, distance } of near) {
      // Farther than the selfie's own nearest strangers: never "you", not measured further.
      if (queryStats && distance >= queryStats.mu) continue;
      candidates.push({
        ref: row,
        photoId: matrix.photoOfRow(row),
        person: calibration.personOfRow(row),
        distance,
        stats: queryStats && calibration.rowStats(row, () => matrix.descriptorOf(row)),
        descriptor: () => matrix.descriptorOf(row),
      });
    }
    const options = calibration.tierOptions;
    const tiers =
      query.selfies === 2
        ? { ...options, confident: options.confident + options.twoSelfiesStricter }
        : options;
    return tierPhotos(candidates, queryStats, tiers)
      .slice(0, query.maxResults)
      .map((t) => ({
        photoId: t.photoId,
        distance: t.distance,
        tier: t.tier,
        personId: t.person,
        ...(t.ref === undefined ? {} : { faceId: faceIds[t.ref] as number }),
      }));
  }

  /** Indexing stored new faces of the event: the next search appends them. */
  noteIndexed(eventId: number): void {
    const index = this.events.get(eventId);
    if (index) index.stale = true;
  }

  /** Drops the event's matrix (faces deleted, event closed): the next search reloads it all. */
  forget(eventId: number): void {
    this.events.delete(eventId);
  }

  /** Faces in memory for the event (0 when not loaded). */
  facesInMemory(eventId: number): number {
    return this.events.get(eventId)?.matrix.size ?? 0;
  }

  private async indexOf(eventId: number): Promise<EventIndex> {
    let index = this.events.get(eventId);
    if (index) {
      // Most recently used last, so the first key is the one to drop.
      this.events.delete(eventId);
      this.events.set(eventId, index);
    } else {
      const matrix = new FaceMatrix();
      index = {
        matrix,
        faceIds: [],
        calibration: new EventCalibration(
          (row) => matrix.descriptorOf(row),
          undefined,
          () => this.borrowed?.of(eventId),
        ),
        ungrouped: 0,
        ungroupedCheckedAt: Date.now(),
        lastId: 0,
        stale: true,
        checkedAt: 0,
      };
      this.events.set(eventId, index);
      while (this.events.size > this.maxEvents) {
        const oldest = this.events.keys().next().value;
        if (oldest === undefined) break;
        this.events.delete(oldest);
      }
    }
    if (
      index.ungrouped > 0 &&
      this.countUngrouped &&
      Date.now() - index.ungroupedCheckedAt >= this.ungroupedRecheckMs
    ) {
      index.ungroupedCheckedAt = Date.now();
      // Grouped meanwhile (the group-faces job, here or in another process): the event is read again, people and all.
      if ((await this.countUngrouped(eventId)) === 0) {
        this.events.delete(eventId);
        return this.indexOf(eventId);
      }
    }
    if (Date.now() - index.checkedAt > this.recheckMs) index.stale = true;
    while (index.stale || index.loading) {
      if (!index.loading) {
        index.stale = false;
        index.checkedAt = Date.now();
        index.loading = this.append(eventId, index).finally(() => {
          if (index) index.loading = undefined;
        });
      }
      try {
        await index.loading;
      } catch (error) {
        index.stale = true;
        throw error;
      }
    }
    return index;
  }

  private async append(eventId: number, index: EventIndex): Promise<void> {
    for (;;) {
      const block = await this.loadFaces(eventId, index.lastId);
      if (!block) return;
      index.matrix.addBlock(block.photoIds, block.descriptors);
      for (const id of block.faceIds) index.faceIds.push(id);
      index.calibration.addFaces(block.personIds);
      index.ungrouped += block.ungrouped ?? 0;
      index.lastId = Math.max(index.lastId, block.lastId);
    }
  }
}
