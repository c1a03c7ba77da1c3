// bench:face's honest figures: people-disjoint cross-validation of the event-scale search's settings. The set's
// people are dealt into folds (the subset's people spread evenly over them); for each fold, the settings are chosen
// on the other folds' people only (the grid below: grouping distances, cohort size, the tiers' scores and votes),
// and that choice is measured on the fold's people, who never took part in choosing it. The event searched is the
// whole set (or the subset's own event), as a race's event holds everyone; only the judging of settings is split.
// The figures are the folds' mean with their spread, beside the same folds' figures at the shipped settings. The
// settings to ship are what the same procedure chooses on all the people.
import { CALIBRATION_DEFAULTS, type CalibrationOptions } from '../server/faces/calibration';
import { PEOPLE_DEFAULTS, type PeopleOptions } from '../server/faces/people';
import { seeded } from '../server/test/seeded-random';
import { type EvalPhoto, type PreparedEvent, prepareEvent, tieredAnswer } from './face-event-eval';

/** Settings that need the event prepared again (grouping, the cohort's size). */
export interface PreparedSettings {
  cohort: number;
  join: number;
  reach: number;
}

/** Settings that only re-tier a prepared search. */
export interface TierSettings {
  confident: number;
  maybe: number;
  voteMargin: number;
  confirm: number;
}

export type SearchSettings = PreparedSettings & TierSettings;

export interface SettingsGrid {
  prepared: PreparedSettings[];
  tiers: TierSettings[];
}

/** Every combination of the values given. */
function combinations<T extends object>(values: { [K in keyof T]: readonly number[] }): T[] {
  let out: Record<string, number>[] = [{}];
  for (const [key, options] of Object.entries(values) as [string, readonly number[]][])
    out = out.flatMap((partial) => options.map((v) => ({ ...partial, [key]: v })));
  return out as T[];
}

/** The grid the folds choose from: around the shipped settings, each axis a few steps either way. */
export const DEFAULT_GRID: SettingsGrid = {
  prepared: combinations<PreparedSettings>({
    cohort: [10, 15, 25],
    join: [0.35, 0.4, 0.45],
    reach: [0.5],
  }),
  tiers: combinations<TierSettings>({
    confident: [3, 3.25, 3.5, 3.75, 4, 4.25],
    maybe: [1, 1.5, 2],
    voteMargin: [0.5, 0.75, 1],
    confirm: [0, 4, 4.5],
  }),
};

/** The settings the store ships with. */
export function shippedSettings(): SearchSettings {
  return {
    cohort: CALIBRATION_DEFAULTS.cohort,
    join: PEOPLE_DEFAULTS.join,
    reach: PEOPLE_DEFAULTS.reach,
    confident: CALIBRATION_DEFAULTS.confident,
    maybe: CALIBRATION_DEFAULTS.maybe,
    voteMargin: CALIBRATION_DEFAULTS.voteMargin,
    confirm: CALIBRATION_DEFAULTS.confirm,
  };
}

/** One way of searching measured: whose selfies, on which event. */
export interface Scenario {
  name: string;
  /** The event's photos (photo indexes). */
  event: readonly number[];
  /** The selfies (photo indexes). */
  queries: readonly number[];
}

/** The whole set searching itself, and each subset's people searching the whole set and an event of their own. */
export function scenariosOf(
  photos: readonly EvalPhoto[],
  subsets: readonly { name: string; people: ReadonlySet<string> }[],
): Scenario[] {
  const everyone = photos.map((_, i) => i);
  const scenarios: Scenario[] = [{ name: 'all', event: everyone, queries: everyone }];
  for (const subset of subsets) {
    const own = everyone.filter((i) => subset.people.has((photos[i] as EvalPhoto).id));
    scenarios.push({ name: subset.name, event: everyone, queries: own });
    scenarios.push({ name: `${subset.name}_event`, event: own, queries: own });
  }
  return scenarios;
}

/** Per selfie, at one setting: "photos of you" and with "maybe you". */
interface Outcomes {
  recall: Float64Array;
  precision: Float64Array;
  wrong: Float64Array;
  maybeRecall: Float64Array;
  maybePrecision: Float64Array;
}

interface ScenarioRun {
  scenario: Scenario;
  /** The person (fold) of each query, in the prepared order. */
  queryPeople: string[];
  rank1: Float64Array;
  hasRelevant: Uint8Array;
  /** Outcomes per setting (index: prepared × tiers). */
  bySetting: Outcomes[];
}

/** A spread: the folds' mean, standard deviation, least and most. */
export interface Spread {
  mean: number;
  sd: number;
  min: number;
  max: number;
}

export interface FoldedFigures {
  recall: Spread;
  precision: Spread;
  wrong_mean: Spread;
  rank1: Spread;
  with_maybe: { recall: Spread; precision: Spread };
}

export interface CrossValidation {
  folds: number;
  people: number;
  grid: number;
  target_precision: number;
  min_pair_precision: number;
  /** The shipped settings, measured on each fold's people. */
  shipped: { settings: SearchSettings; figures: Record<string, FoldedFigures> };
  /** Each fold's people, measured at the settings chosen on the other folds. */
  cross_validated: { figures: Record<string, FoldedFigures>; chosen: SearchSettings[] };
  /** What the procedure chooses on all the people: the settings to ship. */
  chosen_on_all: SearchSettings;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function spreadOf(values: readonly number[]): Spread {
  const n = values.length || 1;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / n);
  return {
    mean: round(mean),
    sd: round(sd),
    min: round(Math.min(...values)),
    max: round(Math.max(...values)),
  };
}

function outcomesOf(
  photos: readonly EvalPhoto[],
  prepared: PreparedEvent,
  queries: Set<number>,
  tiers: TierSettings[],
  cohort: CalibrationOptions,
) {
  const list = prepared.queries.filter((q) => queries.has(q.query));
  const bySetting: Outcomes[] = tiers.map(() => ({
    recall: new Float64Array(list.length),
    precision: new Float64Array(list.length),
    wrong: new Float64Array(list.length),
    maybeRecall: new Float64Array(list.length),
    maybePrecision: new Float64Array(list.length),
  }));
  const isFaceSet = (p: number) => photos[p]?.crowd === undefined;
  list.forEach((q, i) => {
    tiers.forEach((tier, t) => {
      const found = tieredAnswer(q, { ...cohort, ...tier }).filter((x) => isFaceSet(x.photo));
      const confident = found.filter((x) => x.tier === 'confident');
      const right = (xs: typeof found) => xs.filter((x) => q.relevant.has(x.photo)).length;
      const o = bySetting[t] as Outcomes;
      const r = right(confident);
      o.recall[i] = q.relevant.size ? r / q.relevant.size : 1;
      o.precision[i] = confident.length ? r / confident.length : 1;
      o.wrong[i] = confident.length - r;
      const rm = right(found);
      o.maybeRecall[i] = q.relevant.size ? rm / q.relevant.size : 1;
      o.maybePrecision[i] = found.length ? rm / found.length : 1;
    });
  });
  return {
    list,
    bySetting,
    rank1: Float64Array.from(list, (q) => (q.relevant.has(q.nearest) ? 1 : 0)),
    hasRelevant: Uint8Array.from(list, (q) => (q.relevant.size > 0 ? 1 : 0)),
  };
}

/** Deals the people into folds: the subsets' people first, round the folds, then everyone else, after a shuffle. */
export function peopleFolds(people: readonly string[], first: ReadonlySet<string>, folds: number, seed = 49) {
  const random = seeded(seed);
  const shuffled = [...people].sort();
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
  }
  const order = [...shuffled.filter((p) => first.has(p)), ...shuffled.filter((p) => !first.has(p))];
  return new Map(order.map((p, i) => [p, i % folds]));
}

/** Whether `a` comes after `b` in the order of their first differing number. */
function lexicographicallyAbove(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return (a[i] as number) > (b[i] as number);
  return false;
}

/** The mean of `values` over the indexes `take` picks. */
function meanOver(values: Float64Array, take: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++)
    if (take[i]) {
      sum += values[i] as number;
      n++;
    }
  return n ? sum / n : 0;
}

/**
 * Cross-validates the grid's settings over people: `scenarios` are measured at every setting once, then each fold
 * is judged at the setting that did best on the other folds (the highest mean "photos of you" recall over the
 * scenarios among the settings whose precision reached `targetPrecision` in every scenario; when none did, the most
 * precise).
 */
export function crossValidate(
  photos: readonly EvalPhoto[],
  scenarios: readonly Scenario[],
  options: {
    threshold: number;
    folds?: number;
    targetPrecision?: number;
    grid?: SettingsGrid;
    /** The least share of an event's grouped pairs that must be one person (default 0.9). */
    minPairPrecision?: number;
    /** People dealt round the folds first (the subset the figures are most about). */
    spread?: ReadonlySet<string>;
    progress?: (line: string) => void;
  },
): CrossValidation {
  const folds = options.folds ?? 5;
  const target = options.targetPrecision ?? 0.94;
  const grid = options.grid ?? DEFAULT_GRID;
  const minPairPrecision = options.minPairPrecision ?? 0.9;
  const shipped = shippedSettings();
  // The shipped settings are measured even when the grid does not hold them.
  const prepared = [...grid.prepared];
  const tiers = [...grid.tiers];
  const same = (a: object, b: object) =>
    Object.entries(a).every(([k, v]) => (b as Record<string, number>)[k] === v);
  if (!prepared.some((p) => same(p, { cohort: shipped.cohort, join: shipped.join, reach: shipped.reach })))
    prepared.push({ cohort: shipped.cohort, join: shipped.join, reach: shipped.reach });
  const shippedTier = {
    confident: shipped.confident,
    maybe: shipped.maybe,
    voteMargin: shipped.voteMargin,
    confirm: shipped.confirm,
  };
  if (!tiers.some((t) => same(t, shippedTier))) tiers.push(shippedTier);
  const settings: SearchSettings[] = prepared.flatMap((p) => tiers.map((t) => ({ ...p, ...t })));

  const people = [...new Set(photos.filter((p) => !p.crowd).map((p) => p.id))];
  const foldOf = peopleFolds(people, options.spread ?? new Set(), folds);
  const runs: ScenarioRun[] = scenarios.map((scenario) => ({
    scenario,
    queryPeople: [],
    rank1: new Float64Array(0),
    hasRelevant: new Uint8Array(0),
    bySetting: [],
  }));
  // Scenarios on the same event share its preparation.
  const eventKey = (s: Scenario) => s.event.join(',');
  /** The least share of grouped pairs that are one person, over the events, per preparation. */
  const pairPrecision: number[] = [];
  prepared.forEach((p, pi) => {
    const calibration: CalibrationOptions = { ...CALIBRATION_DEFAULTS, cohort: p.cohort };
    const grouping: Partial<PeopleOptions> = { join: p.join, reach: p.reach };
    const byEvent = new Map<string, PreparedEvent>();
    for (const run of runs) {
      const key = eventKey(run.scenario);
      let event = byEvent.get(key);
      if (!event) {
        const queries = new Set(
          runs.filter((r) => eventKey(r.scenario) === key).flatMap((r) => r.scenario.queries),
        );
        event = prepareEvent(
          photos,
          run.scenario.event,
          [...queries],
          options.threshold,
          calibration,
          grouping,
        );
        byEvent.set(key, event);
      }
      const measured = outcomesOf(photos, event, new Set(run.scenario.queries), tiers, calibration);
      if (pi === 0) {
        run.queryPeople = measured.list.map((q) => (photos[q.query] as EvalPhoto).id);
        run.rank1 = measured.rank1;
        run.hasRelevant = measured.hasRelevant;
      }
      run.bySetting.push(...measured.bySetting);
    }
    pairPrecision.push(
      Math.min(...[...byEvent.values()].map(({ pairs }) => pairs.tp / (pairs.tp + pairs.fp || 1))),
    );
    options.progress?.(`  cross-validation: ${pi + 1} of ${prepared.length} preparations measured`);
  });

  const masks = (inFold: (fold: number) => boolean) =>
    runs.map((run) =>
      Uint8Array.from(run.queryPeople, (person) => (inFold(foldOf.get(person) ?? 0) ? 1 : 0)),
    );
  const choose = (take: Uint8Array[]): number => {
    let best = -1;
    let bestKey: number[] = [];
    settings.forEach((_, s) => {
      // A grouping that joins different people is not chosen, whatever it scores here: a runner's dozens of race-day
      // photos (2 or 3 a person in the face set) would carry one runner's photos to another.
      if ((pairPrecision[Math.floor(s / tiers.length)] as number) < minPairPrecision) return;
      const recalls = runs.map((run, r) =>
        meanOver((run.bySetting[s] as Outcomes).recall, take[r] as Uint8Array),
      );
      const precisions = runs.map((run, r) =>
        meanOver((run.bySetting[s] as Outcomes).precision, take[r] as Uint8Array),
      );
      const maybe = runs.map((run, r) =>
        meanOver((run.bySetting[s] as Outcomes).maybeRecall, take[r] as Uint8Array),
      );
      const reached = Math.min(...precisions) >= target;
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      // Settings reaching the target first, by recall; else by precision. Ties: with "maybe you", then precision.
      const key = reached
        ? [1, mean(recalls), mean(maybe), Math.min(...precisions)]
        : [0, Math.min(...precisions), mean(recalls), mean(maybe)];
      if (best < 0 || lexicographicallyAbove(key, bestKey)) {
        best = s;
        bestKey = key;
      }
    });
    return best;
  };
  const shippedIndex = settings.findIndex((s) => same(s, shipped));
  const perFold = (pick: (fold: number) => number) => {
    const byScenario = runs.map(() => ({
      recall: [] as number[],
      precision: [] as number[],
      wrong: [] as number[],
      rank1: [] as number[],
      maybeRecall: [] as number[],
      maybePrecision: [] as number[],
    }));
    for (let fold = 0; fold < folds; fold++) {
      const s = pick(fold);
      const take = masks((f) => f === fold);
      runs.forEach((run, r) => {
        const o = run.bySetting[s] as Outcomes;
        const t = take[r] as Uint8Array;
        const row = byScenario[r] as (typeof byScenario)[number];
        row.recall.push(meanOver(o.recall, t));
        row.precision.push(meanOver(o.precision, t));
        row.wrong.push(meanOver(o.wrong, t));
        row.maybeRecall.push(meanOver(o.maybeRecall, t));
        row.maybePrecision.push(meanOver(o.maybePrecision, t));
        const withRelevant = Uint8Array.from(t, (v, i) => (v && run.hasRelevant[i] ? 1 : 0));
        row.rank1.push(meanOver(run.rank1, withRelevant));
      });
    }
    return Object.fromEntries(
      runs.map((run, r) => {
        const row = byScenario[r] as (typeof byScenario)[number];
        const figures: FoldedFigures = {
          recall: spreadOf(row.recall),
          precision: spreadOf(row.precision),
          wrong_mean: spreadOf(row.wrong),
          rank1: spreadOf(row.rank1),
          with_maybe: { recall: spreadOf(row.maybeRecall), precision: spreadOf(row.maybePrecision) },
        };
        return [run.scenario.name, figures];
      }),
    );
  };
  const chosen = Array.from({ length: folds }, (_, fold) => choose(masks((f) => f !== fold)));
  return {
    folds,
    people: people.length,
    grid: settings.length,
    target_precision: target,
    min_pair_precision: minPairPrecision,
    shipped: { settings: shipped, figures: perFold(() => shippedIndex) },
    cross_validated: {
      figures: perFold((fold) => chosen[fold] as number),
      chosen: chosen.map((s) => settings[s] as SearchSettings),
    },
    chosen_on_all: settings[choose(masks(() => true))] as SearchSettings,
  };
}
