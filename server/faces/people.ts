// An event's faces grouped into likely people, as its photos arrive. A runner is in many photos, and a
// look-alike is one face among them: a selfie is judged against people, not against faces one by one
// (calibration.ts). What an event knows links faces beyond their descriptors:
// - two faces of one photo are two people (never grouped together);
// - the same photographer's frames a few seconds apart, with the face at the same place in the frame, are usually
//   the same person (grouped at a wider distance);
// - (later) a bib read under two faces ties them.
// The grouping is online and deterministic: a new face joins the person of its nearest close face when that person
// is mostly close to it too (a majority of their faces within `reach`, so that one look-alike cannot chain two
// people together), else it starts a person of its own. Splitting a runner in two costs little (calibration skips
// the nearest few people); joining two runners would show one runner's photos to the other, so joining is strict.
import { DESCRIPTOR_DIMS, FaceMatrix } from './matrix';

/** A face as grouping sees it: its photo, descriptor and, when known, the photo's photographer, time and box. */
export interface FaceSighting {
  photoId: number;
  descriptor: ArrayLike<number>;
  /** Who took the photo (photos.photographer_id), when known. */
  photographerId?: number | undefined;
  /**
   * The camera that took it (EXIF make, model, serial: photos.camera), when known. A burst needs it: without EXIF,
   * photos of unnamed photographers would share photographer 0 and an import-time clock.
   */
  camera?: string | undefined;
  /** When the photo was taken (ms since the epoch), when known. */
  takenAtMs?: number | undefined;
  /** The face's box as fractions of the photo's width and height. */
  box?: { x: number; y: number; width: number; height: number } | undefined;
}

export interface PeopleOptions {
  /** A face joins a person whose nearest face is within this (euclidean; the same person's median is about 0.44). */
  join: number;
  /** Within a burst (same photographer, seconds apart, same place in the frame) the nearest face may be this far. */
  burstJoin: number;
  /** A majority of the person's faces must lie within this of the new face. */
  reach: number;
  /** Frames at most this many seconds apart form a burst. */
  burstSeconds: number;
  /** Boxes overlapping at least this much (intersection over union) are at the same place in the frame. */
  burstOverlap: number;
}

/**
 * Measured on ../shared/faces-lfw (bench:face): joining at 0.40 with a reach of 0.50 keeps 98.5% of grouped pairs the
 * same person (0.45 / 0.55: 94.3%, and the wrong joins cost the Asian queries' precision).
 */
export const PEOPLE_DEFAULTS: PeopleOptions = {
  join: 0.4,
  burstJoin: 0.5,
  reach: 0.5,
  burstSeconds: 5,
  burstOverlap: 0.3,
};

interface Seen {
  photoId: number;
  photographerId: number | undefined;
  camera: string | undefined;
  takenAtMs: number | undefined;
  box: FaceSighting['box'];
}

/** Intersection over union of two boxes (fractions of the photo). */
export function boxOverlap(a: NonNullable<FaceSighting['box']>, b: NonNullable<FaceSighting['box']>): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/**
 * Whether two sightings are frames of one burst: the same photographer and camera (both known: the camera comes from
 * EXIF, and so does a time worth comparing), seconds apart, the face at the same place.
 */
export function inOneBurst(a: Seen, b: Seen, options: PeopleOptions): boolean {
  if (a.photoId === b.photoId) return false;
  if (a.photographerId === undefined || a.photographerId !== b.photographerId) return false;
  if (!a.camera || a.camera !== b.camera) return false;
  if (a.takenAtMs === undefined || b.takenAtMs === undefined) return false;
  if (Math.abs(a.takenAtMs - b.takenAtMs) > options.burstSeconds * 1000) return false;
  if (!a.box || !b.box) return false;
  return boxOverlap(a.box, b.box) >= options.burstOverlap;
}

export class EventPeople {
  private readonly options: PeopleOptions;
  private readonly faces = new FaceMatrix();
  private readonly seen: Seen[] = [];
  private readonly personOfRow: number[] = [];
  private readonly members: number[][] = [];
  private readonly photosOf: Set<number>[] = [];

  constructor(options: Partial<PeopleOptions> = {}) {
    this.options = { ...PEOPLE_DEFAULTS, ...options };
  }

  /** Faces grouped so far (rows 0..faceCount-1, in the order added). */
  get faceCount(): number {
    return this.seen.length;
  }

  /** People so far (0..peopleCount-1). */
  get peopleCount(): number {
    return this.members.length;
  }

  /**
   * Groups a new face; answers its person. With `person` (a face grouped before, reloaded: an existing person, or
   * peopleCount for a new one) the face joins that person as it is.
   */
  add(face: FaceSighting, person?: number): number {
    const descriptor = Float32Array.from(face.descriptor);
    const seen: Seen = {
      photoId: face.photoId,
      photographerId: face.photographerId,
      camera: face.camera,
      takenAtMs: face.takenAtMs,
      box: face.box,
    };
    if (person !== undefined) {
      if (!(Number.isInteger(person) && person >= 0 && person <= this.members.length))
        throw new Error(`no person ${person} to add a face to`);
      return this.place(face.photoId, descriptor, seen, person);
    }
    const { join, burstJoin, reach } = this.options;
    const near = this.faces.nearRows(descriptor, Math.max(reach, burstJoin));
    // Per person: its nearest face, how many of its faces are within reach, and whether one is in this burst.
    const byPerson = new Map<number, { nearest: number; within: number; burst: boolean }>();
    for (const { row, distance } of near) {
      const person = this.personOfRow[row] as number;
      const tally = byPerson.get(person) ?? { nearest: Number.POSITIVE_INFINITY, within: 0, burst: false };
      tally.nearest = Math.min(tally.nearest, distance);
      if (distance <= reach) tally.within++;
      if (!tally.burst && distance <= burstJoin && inOneBurst(seen, this.seen[row] as Seen, this.options))
        tally.burst = true;
      byPerson.set(person, tally);
    }
    let chosen = -1;
    let chosenDistance = Number.POSITIVE_INFINITY;
    for (const [person, tally] of byPerson) {
      // Two faces of one photo are two people.
      if (this.photosOf[person]?.has(face.photoId)) continue;
      const close = tally.nearest <= join || (tally.burst && tally.nearest <= burstJoin);
      const size = this.members[person]?.length ?? 0;
      if (!close || tally.within * 2 < size) continue;
      if (tally.nearest < chosenDistance || (tally.nearest === chosenDistance && person < chosen)) {
        chosen = person;
        chosenDistance = tally.nearest;
      }
    }
    return this.place(face.photoId, descriptor, seen, chosen);
  }

  /** Adds the face to the person (a new one when -1 or peopleCount). */
  private place(photoId: number, descriptor: Float32Array, seen: Seen, person: number): number {
    let chosen = person;
    const row = this.seen.length;
    this.faces.add(photoId, descriptor);
    this.seen.push(seen);
    if (chosen < 0 || chosen === this.members.length) {
      chosen = this.members.length;
      this.members.push([]);
      this.photosOf.push(new Set());
    }
    this.personOfRow.push(chosen);
    (this.members[chosen] as number[]).push(row);
    (this.photosOf[chosen] as Set<number>).add(photoId);
    return chosen;
  }

  /** The person of a face (its row: the order it was added). */
  personOf(row: number): number {
    const person = this.personOfRow[row];
    if (person === undefined) throw new Error(`no face at row ${row}`);
    return person;
  }

  /** The faces (rows) of a person. */
  membersOf(person: number): readonly number[] {
    return this.members[person] ?? [];
  }

  /** The mean descriptor of a person's faces (made when asked: no sums are kept per person). */
  centroidOf(person: number): Float32Array {
    const rows = this.members[person];
    if (!rows || rows.length === 0) throw new Error(`no person ${person}`);
    const sum = new Float64Array(DESCRIPTOR_DIMS);
    for (const row of rows) {
      const d = this.faces.descriptorOf(row);
      for (let j = 0; j < DESCRIPTOR_DIMS; j++) sum[j] = (sum[j] as number) + (d[j] as number);
    }
    return Float32Array.from(sum, (v) => v / rows.length);
  }
}
