// How many selfies the quality check would flag (server/faces/selfie-quality.ts):
//   npm run bench:selfie-quality -- --faces <dir> [--faces <dir> ...] [--degrade N]
// Every <dir>/<person>/*.jpg goes through the selfie pipeline (selfieDescriptor); for each set, how many are
// flagged by each problem, and which; and whether the flagged ones search worse: each photo with a face searched
// among the set's other photos (rank-1: its nearest is the same person; its nearest same-person distance), for the
// flagged and the unflagged, and by turn. With --degrade N, the first photo of N people of the first set made poor
// on purpose (dark ×0.5 to ×0.12, blurred with sigma 3 and 6, its face shrunk to 60 and 40 px): how many of each
// are flagged, as what, and how far its descriptor moved from the original's. measure_us: the quality measure's
// own cost per selfie (on a chip and its landmarks). Prints progress to stderr and ONE JSON line on stdout.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SELFIE_MAX_SIDE, selfieDescriptor } from '../server/faces/detect';
import { loadFaceModels } from '../server/faces/models';
import { measureSelfieFace, SELFIE_LIMITS, selfieProblemsOf } from '../server/faces/selfie-quality';

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (x: number) => Math.round(x * 100) / 100;

interface Described {
  person: string;
  descriptor: Float32Array;
  problems: string[];
  turn: number;
}

function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(sum);
}

/**
 * Each face searched among the set's others (those of a person with another photo): rank-1 and the median
 * nearest same-person distance, for groups of faces.
 */
function searchedBy(faces: readonly Described[], groups: Record<string, (f: Described) => boolean>) {
  const perPerson = new Map<string, number>();
  for (const f of faces) perPerson.set(f.person, (perPerson.get(f.person) ?? 0) + 1);
  const rows = faces
    .filter((f) => (perPerson.get(f.person) ?? 0) > 1)
    .map((f) => {
      let same = Number.POSITIVE_INFINITY;
      let other = Number.POSITIVE_INFINITY;
      for (const g of faces) {
        if (g === f) continue;
        const d = distance(f.descriptor, g.descriptor);
        if (g.person === f.person) same = Math.min(same, d);
        else other = Math.min(other, d);
      }
      return { face: f, same, rank1: same < other };
    });
  return Object.fromEntries(
    Object.entries(groups).map(([name, test]) => {
      const of = rows.filter((r) => test(r.face));
      const same = of.map((r) => r.same).sort((a, b) => a - b);
      return [
        name,
        {
          faces: of.length,
          rank1: of.length ? round((1000 * of.filter((r) => r.rank1).length) / of.length) / 1000 : null,
          median_same_distance: of.length ? round(same[Math.floor(same.length / 2)] as number) : null,
        },
      ];
    }),
  );
}

/** The quality measure's own cost (µs a selfie): a 150 px chip of noise and 68 landmarks, measured 2000 times. */
function measureCost(): number {
  const chip = { data: new Uint8Array(150 * 150 * 3), width: 150, height: 150 };
  for (let i = 0; i < chip.data.length; i++) chip.data[i] = (i * 7919) % 251;
  const landmarks = Array.from({ length: 68 }, (_, k) => ({ x: 40 + k, y: 50 + (k % 17) }));
  let problems = 0;
  for (let i = 0; i < 200; i++) problems += selfieProblemsOf(measureSelfieFace(chip, landmarks, 200)).length;
  const t = performance.now();
  for (let i = 0; i < 2000; i++) problems += selfieProblemsOf(measureSelfieFace(chip, landmarks, 200)).length;
  return round(((performance.now() - t) * 1000) / 2000 + problems * 0);
}

function photosOf(dir: string): { person: string; file: string }[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(dir, d.name))
        .filter((f) => f.endsWith('.jpg'))
        .sort()
        .map((f) => ({ person: d.name, file: path.join(dir, d.name, f) })),
    );
}

/**
 * The photo shrunk so that its face (`faceHeight` px high in the selfie as decoded, its longer side at most
 * SELFIE_MAX_SIDE) is `to` px high.
 */
async function shrunk(bytes: Buffer, faceHeight: number, to: number): Promise<Buffer> {
  const { width = 1, height = 1 } = await sharp(bytes).metadata();
  const decoded = Math.min(1, SELFIE_MAX_SIDE / Math.max(width, height));
  return sharp(bytes)
    .resize({ width: Math.max(8, Math.round((width * decoded * to) / faceHeight)) })
    .jpeg()
    .toBuffer();
}

async function main() {
  const argv = process.argv.slice(2);
  const sets: string[] = [];
  let degrade = 0;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--faces') sets.push(argv[++i] ?? '');
    else if (argv[i] === '--degrade') degrade = Number(argv[++i]);
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  if (sets.length === 0) throw new Error('usage: bench:selfie-quality -- --faces <dir> [--degrade N]');
  await loadFaceModels();
  const result: Record<string, unknown> = { limits: SELFIE_LIMITS };
  const ms: number[] = [];
  for (const dir of sets) {
    const counts: Record<string, number> = { selfies: 0, no_face: 0, flagged: 0 };
    const flagged: { file: string; problems: string[]; measures: Record<string, number> }[] = [];
    const described: Described[] = [];
    for (const photo of photosOf(dir)) {
      const t = performance.now();
      const outcome = await selfieDescriptor(new Uint8Array(readFileSync(photo.file)));
      ms.push(performance.now() - t);
      counts.selfies = (counts.selfies ?? 0) + 1;
      if (outcome.kind === 'no-face') {
        counts.no_face = (counts.no_face ?? 0) + 1;
        continue;
      }
      const { problems, measures } = outcome.quality;
      described.push({
        person: photo.person,
        descriptor: outcome.face.descriptor,
        problems,
        turn: measures.turn,
      });
      for (const p of problems) counts[p] = (counts[p] ?? 0) + 1;
      if (problems.length > 0) {
        counts.flagged = (counts.flagged ?? 0) + 1;
        flagged.push({
          file: path.relative(dir, photo.file),
          problems,
          measures: Object.fromEntries(Object.entries(measures).map(([k, v]) => [k, round(v)])),
        });
      }
    }
    const searched = searchedBy(described, {
      all: () => true,
      unflagged: (f) => f.problems.length === 0,
      flagged: (f) => f.problems.length > 0,
      turned: (f) => f.problems.includes('turned'),
      blurred: (f) => f.problems.includes('blurred'),
      turn_below_03: (f) => f.turn < 0.3,
      turn_03_05: (f) => f.turn >= 0.3 && f.turn < 0.5,
      turn_05_06: (f) => f.turn >= 0.5 && f.turn <= 0.6,
      turn_06_07: (f) => f.turn > 0.6 && f.turn <= 0.7,
      turn_07_08: (f) => f.turn > 0.7 && f.turn <= 0.8,
      turn_above_08: (f) => f.turn > 0.8,
    });
    log(`${dir}: ${JSON.stringify(counts)} ${JSON.stringify(searched)}`);
    result[path.basename(dir)] = { ...counts, searched, flagged_photos: flagged };
  }
  if (degrade > 0) {
    const firsts = [...new Map(photosOf(sets[0] as string).map((p) => [p.person, p])).values()]
      .filter((_, i, all) => i % Math.max(1, Math.floor(all.length / degrade)) === 0)
      .slice(0, degrade);
    const made: Record<
      string,
      { of: number; flagged_as: Record<string, number>; no_face: number; distances: number[] }
    > = {};
    const kinds: Record<string, (bytes: Buffer, faceHeight: number) => Promise<Buffer>> = {
      dark_05: (b) => sharp(b).linear(0.5, 0).jpeg().toBuffer(),
      dark_035: (b) => sharp(b).linear(0.35, 0).jpeg().toBuffer(),
      dark_025: (b) => sharp(b).linear(0.25, 0).jpeg().toBuffer(),
      dark_015: (b) => sharp(b).linear(0.15, 0).jpeg().toBuffer(),
      dark_012: (b) => sharp(b).linear(0.12, 0).jpeg().toBuffer(),
      blur_3: (b) => sharp(b).blur(3).jpeg().toBuffer(),
      blur_6: (b) => sharp(b).blur(6).jpeg().toBuffer(),
      small_60: (b, h) => shrunk(b, h, 60),
      small_40: (b, h) => shrunk(b, h, 40),
    };
    for (const photo of firsts) {
      const bytes = readFileSync(photo.file);
      const original = await selfieDescriptor(new Uint8Array(bytes));
      if (original.kind === 'no-face') continue;
      for (const [kind, make] of Object.entries(kinds)) {
        const tally = made[kind] ?? { of: 0, flagged_as: {}, no_face: 0, distances: [] };
        made[kind] = tally;
        tally.of++;
        const outcome = await selfieDescriptor(
          new Uint8Array(await make(bytes, original.quality.measures.faceHeight)),
        );
        if (outcome.kind === 'no-face') {
          tally.no_face++;
          continue;
        }
        tally.distances.push(distance(outcome.face.descriptor, original.face.descriptor));
        const key = outcome.quality.problems.join('+') || 'none';
        tally.flagged_as[key] = (tally.flagged_as[key] ?? 0) + 1;
      }
    }
    // How far each made-poor selfie's descriptor moved from its original's (the same person's photos lie about
    // 0.40 apart, different people's from about 0.6): the harm the flag warns of.
    const degraded = Object.fromEntries(
      Object.entries(made).map(([kind, { distances, ...tally }]) => {
        distances.sort((a, b) => a - b);
        const median = distances.length ? round(distances[Math.floor(distances.length / 2)] as number) : null;
        return [kind, { ...tally, median_distance_to_original: median }];
      }),
    );
    log(`degraded: ${JSON.stringify(degraded)}`);
    result.degraded = degraded;
  }
  ms.sort((a, b) => a - b);
  result.selfie_ms_p50 = round(ms[Math.floor(ms.length / 2)] ?? 0);
  result.measure_us = measureCost();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
