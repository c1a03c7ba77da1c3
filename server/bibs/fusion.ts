// Face and bib confirm each other. After a face search, the bib read under the runner's confidently
// matched faces is their bib: a match in "maybe you" whose own torso carries it is the runner after all; a
// confident match whose torso carries only other bibs is someone else with a similar face, and goes to "maybe you";
// the photos where the bib is read but the face was not found (turned away, covered) join the results apart.
// Pure: which reads are the event's bibs is decided by the caller (server/bibs/event-bibs.ts).
import type { FaceMatch } from '../faces/engine';

export interface ReadOnFace {
  face_id: number;
  bib: string;
  confidence: number;
}

/**
 * The runner's bib: the number read under most of their confident matches (each read under one votes its
 * confidence), when it clearly leads: at least RUNNER_BIB_LEAD times the votes of the next number.
 */
export const RUNNER_BIB_LEAD = 2;

export function runnerBibOf(matches: readonly FaceMatch[], reads: readonly ReadOnFace[]): string | undefined {
  const confident = new Set(
    matches.flatMap((m) => (m.tier !== 'maybe' && m.faceId !== undefined ? [m.faceId] : [])),
  );
  const votes = new Map<string, number>();
  for (const read of reads) {
    if (!confident.has(read.face_id)) continue;
    votes.set(read.bib, (votes.get(read.bib) ?? 0) + read.confidence);
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const [first, second] = ranked;
  if (!first) return undefined;
  if (second && first[1] < RUNNER_BIB_LEAD * second[1]) return undefined;
  return first[0];
}

/** The matches with their tiers set by the runner's bib (unchanged without one, or for faces with no read). */
export function confirmByBib(
  matches: readonly FaceMatch[],
  reads: readonly ReadOnFace[],
  runnerBib: string | undefined,
): FaceMatch[] {
  if (runnerBib === undefined) return [...matches];
  const bibsOf = new Map<number, Set<string>>();
  for (const read of reads) {
    const set = bibsOf.get(read.face_id) ?? new Set<string>();
    set.add(read.bib);
    bibsOf.set(read.face_id, set);
  }
  const confirmed = matches.map((m): FaceMatch => {
    const bibs = m.faceId === undefined ? undefined : bibsOf.get(m.faceId);
    if (!bibs || bibs.size === 0) return m;
    if (bibs.has(runnerBib)) return { ...m, tier: 'confident' };
    return { ...m, tier: 'maybe' };
  });
  // The confident ones first, each tier in the engine's order.
  return [...confirmed.filter((m) => m.tier !== 'maybe'), ...confirmed.filter((m) => m.tier === 'maybe')];
}
