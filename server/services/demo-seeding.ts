// The demo data of a new store, made once and completely: seeding is marked begun and finished in store_marks, so
// a first start that was killed half-way (5 events with 14 of 114 photos, say) is noticed on the next start, its
// leftovers removed, and the seeding done again from the beginning.
import type { Db } from '../db/database';
import { removeDemoRows } from '../db/demo-repo';
import { countEvents } from '../db/events-repo';
import { readMark, writeMark } from '../db/store-marks-repo';
import type { ObjectStore } from '../storage/object-store';
import { DEMO_BANNER_PREFIX, DEMO_TEAM_KEY, type DemoCounts, demoEventKeys, seedDemo } from './demo-data';

const MARK = 'demo_seed';

export type DemoSeeding =
  | { seeded: DemoCounts; restarted?: { events: number; photos: number } }
  | { skipped: 'done before' | 'the store has its own events' };

/** Seeds the demo data into a new store, or finishes an interrupted seeding by starting it over. */
export async function ensureDemoData(db: Db, store: ObjectStore, now: Date): Promise<DemoSeeding> {
  const mark = await readMark(db, MARK);
  if (mark === 'done') return { skipped: 'done before' };
  let restarted: { events: number; photos: number } | undefined;
  if (mark === 'started') {
    restarted = await removeDemoRows(db, demoEventKeys, DEMO_TEAM_KEY, DEMO_BANNER_PREFIX);
  } else if ((await countEvents(db)) > 0) {
    return { skipped: 'the store has its own events' };
  }
  await writeMark(db, MARK, 'started');
  const seeded = await seedDemo(db, store, now);
  await writeMark(db, MARK, 'done');
  return restarted ? { seeded, restarted } : { seeded };
}

/** The line the store prints about it. */
export function describeSeeding(outcome: DemoSeeding): string | undefined {
  if ('skipped' in outcome) return undefined;
  const { seeded, restarted } = outcome;
  const made = `${seeded.events} events with ${seeded.photos} photos, ${seeded.teams} team and ${seeded.banners} banners`;
  if (!restarted) return `demo data: created ${made}`;
  return (
    `demo data: the first seeding had been interrupted (${restarted.events} events, ${restarted.photos} photos ` +
    `made); removed them and created ${made}`
  );
}
