// How many selfies the quality check would flag (server/faces/selfie-quality.ts):
//   npm run bench:selfie-quality -- --faces <dir> [--faces <dir> ...] [--degrade N]
// Every <dir>/<person>/*.jpg goes through the selfie pipeline (selfieDescriptor); for each set, how many are
// flagged by each problem, and which. With --degrade N, the first photo of N people of the first set made poor on
// purpose (dark ×0.25 and ×0.12, blurred with sigma 3 and 6, its face shrunk to 40 px): how many of each are
// flagged, and as what. Prints progress to stderr and ONE JSON line on stdout.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { selfieDescriptor } from '../server/faces/detect';
import { loadFaceModels } from '../server/faces/models';
import { SELFIE_LIMITS } from '../server/faces/selfie-quality';

const log = (line: string) => process.stderr.write(`${line}\n`);
const round = (x: number) => Math.round(x * 100) / 100;

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
    log(`${dir}: ${JSON.stringify(counts)}`);
    result[path.basename(dir)] = { ...counts, flagged_photos: flagged };
  }
  if (degrade > 0) {
    const firsts = [...new Map(photosOf(sets[0] as string).map((p) => [p.person, p])).values()]
      .filter((_, i, all) => i % Math.max(1, Math.floor(all.length / degrade)) === 0)
      .slice(0, degrade);
    const made: Record<string, { of: number; flagged_as: Record<string, number>; no_face: number }> = {};
    const kinds: Record<string, (bytes: Buffer, faceHeight: number) => Promise<Buffer>> = {
      dark_025: (b) => sharp(b).linear(0.25, 0).jpeg().toBuffer(),
      dark_012: (b) => sharp(b).linear(0.12, 0).jpeg().toBuffer(),
      blur_3: (b) => sharp(b).blur(3).jpeg().toBuffer(),
      blur_6: (b) => sharp(b).blur(6).jpeg().toBuffer(),
      small_40: async (b, h) => {
        const { width = 1 } = await sharp(b).metadata();
        return sharp(b)
          .resize({ width: Math.max(8, Math.round((width * 40) / h)) })
          .jpeg()
          .toBuffer();
      },
    };
    for (const photo of firsts) {
      const bytes = readFileSync(photo.file);
      const original = await selfieDescriptor(new Uint8Array(bytes));
      if (original.kind === 'no-face') continue;
      for (const [kind, make] of Object.entries(kinds)) {
        const tally = made[kind] ?? { of: 0, flagged_as: {}, no_face: 0 };
        made[kind] = tally;
        tally.of++;
        const outcome = await selfieDescriptor(
          new Uint8Array(await make(bytes, original.quality.measures.faceHeight)),
        );
        if (outcome.kind === 'no-face') {
          tally.no_face++;
          continue;
        }
        const key = outcome.quality.problems.join('+') || 'none';
        tally.flagged_as[key] = (tally.flagged_as[key] ?? 0) + 1;
      }
    }
    log(`degraded: ${JSON.stringify(made)}`);
    result.degraded = made;
  }
  ms.sort((a, b) => a - b);
  result.selfie_ms_p50 = round(ms[Math.floor(ms.length / 2)] ?? 0);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
