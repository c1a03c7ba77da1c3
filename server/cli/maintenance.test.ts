// seed-demo through runCli on PGlite: the demo events, their photos (made from the face-api samples and imported
// like any photo), the team and the banners; and that a database with events is left alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoObjectKeys } from '../../core/contract/photos';
import { countJobsByState } from '../db/jobs-repo';
import { readMark, writeMark } from '../db/store-marks-repo';
import { listActiveBanners } from '../db/teams-repo';
import { testDatabases } from '../db/test-databases';
import { demoEventKeys } from '../services/demo-data';
import { EVENT_FLAGS } from '../test/processes';
import { openTestCli, type TestCli } from './cli-fixture';

const HOUR = 3_600_000;

describe('seed-demo', () => {
  let cli: TestCli;
  let out: string;

  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
    const run = await cli.run('seed-demo');
    expect(run.code).toBe(0);
    out = run.out;
  }, 120_000);
  afterAll(() => cli.close());

  it('creates the six demo events, photos for those on sale, a team and two banners', async () => {
    expect(out).toMatch(/^demo data: created 6 events with 120 photos, 1 team and 2 banners in \d+\.\d s$/);
    const events = await cli.db.selectFrom('events').selectAll().orderBy('event_id').execute();
    expect(events.map((e) => e.event_key)).toEqual(demoEventKeys);
    const counts = await cli.db
      .selectFrom('photos')
      .select((eb) => ['event_id', eb.fn.countAll<string>().as('n')])
      .groupBy('event_id')
      .execute();
    const perEvent = Object.fromEntries(
      counts.map((c) => [events.find((e) => e.event_id === c.event_id)?.event_key, Number(c.n)]),
    );
    expect(perEvent).toEqual({
      'bangkok-city-marathon-2026': 30,
      'chiangmai-doi-trail-2026': 24,
      'khonkaen-fun-run-2026': 18,
      'phuket-beach-run-2026': 30,
      'korat-half-marathon-2026': 18,
    });
    // The upcoming event has no photos yet.
    expect(perEvent['huahin-night-run-2026']).toBeUndefined();
    expect(await countJobsByState(cli.db, 'index-photo')).toMatchObject({ queued: 120 });
    expect(events.find((e) => e.event_key === 'bangkok-city-marathon-2026')?.team_key).toBe(
      'bangkok-runners-club',
    );
    const banners = await listActiveBanners(cli.db);
    expect(banners.map((b) => b.link_url)).toEqual(['/bangkok-city-marathon-2026', '/phuket-beach-run-2026']);
    for (const b of banners) expect(await cli.store.exists(b.image_object)).toBe(true);
  });

  it('spreads photos over the event morning and the stages, with highlights and every derivative', async () => {
    const event = await cli.db
      .selectFrom('events')
      .selectAll()
      .where('event_key', '=', 'phuket-beach-run-2026')
      .executeTakeFirstOrThrow();
    const photos = await cli.db
      .selectFrom('photos')
      .selectAll()
      .where('event_id', '=', event.event_id)
      .orderBy('taken_at')
      .execute();
    const morning = new Date(`${event.eventdate}T06:00:00+07:00`).getTime();
    for (const p of photos) {
      expect(p.taken_at.getTime()).toBeGreaterThanOrEqual(morning);
      expect(p.taken_at.getTime()).toBeLessThan(morning + 4 * HOUR);
    }
    const stages = await cli.db
      .selectFrom('event_stages')
      .select('id')
      .where('event_id', '=', event.event_id)
      .execute();
    const perStage = stages.map((s) => photos.filter((p) => p.stage_id === s.id).length);
    expect(perStage).toEqual([10, 10, 10]);
    expect(photos.filter((p) => p.is_highlight)).toHaveLength(3);
    expect(new Set(photos.map((p) => p.original_file_name)).size).toBe(photos.length);
    const sample = photos[0];
    if (!sample) throw new Error('no photos');
    const keys = photoObjectKeys(event.event_key, sample.file_name);
    for (const key of [keys.thumbnail, keys.preview, keys.original])
      expect(await cli.store.exists(key)).toBe(true);
    // The logo version is made only when an order is paid.
    expect(await cli.store.exists(keys.logo)).toBe(false);
  });

  it('does not seed twice', async () => {
    expect(await cli.run('seed-demo')).toMatchObject({
      code: 0,
      out: 'the demo data is already there: nothing added',
    });
  });

  it('finishes a seeding that was interrupted, starting it over', async () => {
    // What a kill during the first start leaves: the seeding marked begun, some events and photos, no team.
    await writeMark(cli.db, 'demo_seed', 'started');
    const [, , ...later] = demoEventKeys;
    await cli.db.deleteFrom('events').where('event_key', 'in', later).execute();
    await cli.db.deleteFrom('teams').execute();
    await cli.db.deleteFrom('banners').execute();
    const run = await cli.run('seed-demo');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^demo data: the first seeding had been interrupted \(2 events, \d+ photos made\); removed them and created 6 events with 120 photos/,
    );
    const events = await cli.db.selectFrom('events').select('event_key').orderBy('event_id').execute();
    expect(events.map((e) => e.event_key)).toEqual(demoEventKeys);
    const photos = await cli.db
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(photos.n)).toBe(120);
    expect(await listActiveBanners(cli.db)).toHaveLength(2);
    expect(await readMark(cli.db, 'demo_seed')).toBe('done');
  }, 120_000);
});

describe('seed-demo on a store with its own events', () => {
  it('leaves them alone', async () => {
    const cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
    try {
      await cli.run('create-event', 'own-event', ...EVENT_FLAGS);
      expect(await cli.run('seed-demo')).toMatchObject({
        code: 0,
        out: 'the database already has events of its own (1): demo data not added',
      });
    } finally {
      await cli.close();
    }
  }, 60_000);
});
