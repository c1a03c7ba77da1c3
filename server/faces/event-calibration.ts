// An event's people as the search calibrates against them: a cohort of at most COHORT_MOST people, each
// the mean descriptor of their faces the engine holds (their person ids from the database, grouped by people.ts at
// indexing; the means made only for the people chosen, when the cohort is made), and each face's neighbourhood
// among them, measured when a search first needs it and kept.
// The cohort is made again when the event has grown by a tenth since (race day: photos keep arriving); the faces'
// neighbourhoods are measured again then.
// An event of few people (a new event's first minutes, a small fun run) cannot be its own cohort: it borrows people
// from the store's other events (`borrowed`), and its confident tier asks the score such an event calls for.
import {
  CALIBRATION_DEFAULTS,
  type CalibrationOptions,
  type CohortStats,
  othersThan,
  PeopleCohort,
} from './calibration';
import { DESCRIPTOR_DIMS } from './matrix';
import { PEOPLE_DEFAULTS } from './people';

/**
 * The most people a cohort holds (chosen evenly from the event's): a face's neighbourhood costs a distance to each
 * (2,048: about 0.2 ms), and an event of a few thousand runners is measured whole.
 */
export const COHORT_MOST = 2048;
/** The cohort is made again once the event's faces have grown by this share. */
const REBUILD_GROWTH = 0.1;

export class EventCalibration {
  /** The people, in the order first seen. */
  private readonly people = new Set<number>();
  private readonly rowPerson: number[] = [];
  private cohort: PeopleCohort | undefined;
  /** Cohort index of each person in the cohort. */
  private cohortIndex = new Map<number, number>();
  /** The options with the cohort shrunk as the people are sampled (the k-th nearest of all ≈ the k/step-th of 1/step). */
  private cohortOptions: CalibrationOptions;
  private builtAtFaces = 0;
  /** The borrowed people the cohort was made with (undefined: none). */
  private builtWith: readonly Float32Array[] | undefined;
  private mu = new Float32Array(0);
  private sd = new Float32Array(0);

  constructor(
    /** A row's descriptor (the engine's matrix). */
    private readonly descriptorOf: (row: number) => ArrayLike<number>,
    private readonly options: CalibrationOptions = CALIBRATION_DEFAULTS,
    /** People of other events (one descriptor each) when the store has them; asked while the event is small. */
    private readonly borrowed: () => readonly Float32Array[] | undefined = () => undefined,
  ) {
    this.cohortOptions = options;
  }

  /** Faces appended to the engine's matrix, in its row order: their people. */
  addFaces(personIds: readonly number[]): void {
    for (const person of personIds) {
      this.people.add(person);
      this.rowPerson.push(person);
    }
  }

  /** The person of a row. */
  personOfRow(row: number): number {
    return this.rowPerson[row] as number;
  }

  /** People known. */
  get peopleCount(): number {
    return this.people.size;
  }

  /** Whether the event is too small to be its own cohort. */
  get small(): boolean {
    return this.people.size < this.options.borrowBelow;
  }

  /** The settings its searches are tiered with (an event that borrows people has its own confident score). */
  get tierOptions(): CalibrationOptions {
    this.currentCohort();
    return this.cohortOptions;
  }

  /** The selfie's neighbourhood (undefined: too few people to calibrate). */
  queryStats(descriptor: ArrayLike<number>): CohortStats | undefined {
    return this.currentCohort()?.statsOf(descriptor, undefined, this.cohortOptions);
  }

  /** A row's neighbourhood among the other people, measured once (until the cohort is made again). */
  rowStats(row: number, descriptor: () => ArrayLike<number>): CohortStats | undefined {
    const cohort = this.currentCohort();
    if (!cohort) return undefined;
    if (this.mu.length <= row) {
      const grown = Math.max(row + 1, this.mu.length * 2, 1024);
      const mu = new Float32Array(grown).fill(Number.NaN);
      const sd = new Float32Array(grown).fill(Number.NaN);
      mu.set(this.mu);
      sd.set(this.sd);
      this.mu = mu;
      this.sd = sd;
    }
    if (Number.isNaN(this.mu[row] as number)) {
      const own = this.cohortIndex.get(this.rowPerson[row] as number);
      const stats = cohort.statsOf(descriptor(), own, this.cohortOptions);
      if (!stats) return undefined;
      this.mu[row] = stats.mu;
      this.sd[row] = stats.sd;
    }
    return { mu: this.mu[row] as number, sd: this.sd[row] as number };
  }

  private currentCohort(): PeopleCohort | undefined {
    const faces = this.rowPerson.length;
    const borrowed = this.small ? this.borrowed() : undefined;
    const lent = borrowed && borrowed.length > 0 ? borrowed : undefined;
    if (this.cohort && lent === this.builtWith && faces <= this.builtAtFaces * (1 + REBUILD_GROWTH))
      return this.cohort;
    if (!lent && this.people.size < this.options.fewest) {
      this.cohort = undefined;
      this.cohortOptions = this.options;
      return undefined;
    }
    // Every k-th person, in the order they were first seen: the same cohort for the same event.
    const step = Math.max(1, Math.ceil(this.people.size / COHORT_MOST));
    const index = new Map<number, number>();
    let k = 0;
    for (const person of this.people) if (k++ % step === 0) index.set(person, index.size);
    const sums = new Float64Array(index.size * DESCRIPTOR_DIMS);
    const counts = new Uint32Array(index.size);
    this.rowPerson.forEach((person, row) => {
      const at = index.get(person);
      if (at === undefined) return;
      const d = this.descriptorOf(row);
      for (let j = 0; j < DESCRIPTOR_DIMS; j++)
        sums[at * DESCRIPTOR_DIMS + j] = (sums[at * DESCRIPTOR_DIMS + j] as number) + (d[j] as number);
      counts[at] = (counts[at] as number) + 1;
    });
    const centroids = Array.from({ length: index.size }, (_, at) =>
      Float32Array.from(
        sums.subarray(at * DESCRIPTOR_DIMS, (at + 1) * DESCRIPTOR_DIMS),
        (v) => v / (counts[at] as number),
      ),
    );
    this.cohort = new PeopleCohort(
      lent ? [...centroids, ...othersThan(lent, centroids, PEOPLE_DEFAULTS.join)] : centroids,
    );
    this.cohortOptions = {
      ...this.options,
      cohort: Math.max(5, Math.round(this.options.cohort / step)),
      ...(lent ? { confident: this.options.borrowedConfident } : {}),
    };
    this.builtWith = lent;
    this.cohortIndex = index;
    this.builtAtFaces = faces;
    this.mu.fill(Number.NaN);
    this.sd.fill(Number.NaN);
    return this.cohort;
  }
}
