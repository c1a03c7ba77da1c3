// index-status on PGlite: counts per event and for all events, the rate from watch samples, the progress bar, and
// the watch loop ending when nothing is pending (or on Ctrl-C).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../db/events-repo';
import { markIndexFailed, saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { claim, complete, enqueue, fail, type JobRow } from '../jobs/queue';
import { openTestCli, type TestCli } from './cli-fixture';
import { indexStatus, photosPerMinute, progressBar, statusLines, watchIndex } from './index-status';

const face = (x: number) => ({
  box: { x, y: 10, width: 20, height: 20 },
  score: 0.9,
  descriptor: new Uint8Array(512),
});

describe('index-status', () => {
  let cli: TestCli;
  let run: { event_id: number; event_key: string };

  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
    const base = {
      cover_object: 'x/cover.jpg',
      event_date_text: '',
      eventdate: '2026-11-01',
      province: '',
      team_key: null,
      on_sale_start: cli.now,
      on_sale_end: cli.now,
    };
    const runId = await insertEvent(cli.db, { event: { ...base, event_key: 'night-run', title: 'Night' } });
    const otherId = await insertEvent(cli.db, { event: { ...base, event_key: 'day-run', title: 'Day' } });
    run = { event_id: runId, event_key: 'night-run' };
    // Photographer 2 sent photo 1 two hours ago; the rest arrived just now from photographer 1.
    const photo = (event_id: number, i: number) => ({
      event_id,
      photographer_id: i === 1 ? 2 : 1,
      ...(i === 1 ? { created_at: new Date(Date.now() - 2 * 60 * 60_000) } : {}),
      stage_id: null,
      original_file_name: `${i}.jpg`,
      file_name: `${i}.jpg`,
      width: 100,
      height: 100,
      taken_at: cli.now,
      index_error: null,
    });
    const ids = await insertPhotos(
      cli.db,
      [1, 2, 3, 4, 5].map((i) => photo(runId, i)),
    );
    const [otherPhoto = 0] = await insertPhotos(cli.db, [photo(otherId, 9)]);
    for (const id of [...ids, otherPhoto]) await enqueue(cli.db, 'index-photo', { photo_id: id }, cli.now);
    // Photo 1 indexed with two faces, photo 2 failed, 3 being indexed, 4 and 5 queued; the other event's queued.
    const claimed: JobRow[] = [];
    for (let i = 0; i < 3; i++) {
      const job = await claim(cli.db, ['index-photo'], cli.now);
      if (job) claimed.push(job);
    }
    // Its bibs read: one under its first face.
    await saveFacesOfPhoto(
      cli.db,
      ids[0] as number,
      runId,
      [face(1), face(40)],
      [{ face: 0, bib: '1234', confidence: 0.97, box: { x: 10, y: 60, width: 30, height: 12 } }],
    );
    await complete(cli.db, claimed[0] as JobRow, { faces: 2 });
    await markIndexFailed(cli.db, ids[1] as number, 'not an image');
    await fail(cli.db, claimed[1] as JobRow, 'not an image');
  }, 60_000);
  afterAll(() => cli.close());

  it('counts photos, faces and index jobs of one event or all of them', async () => {
    expect(await indexStatus(cli.db, run)).toEqual({
      eventKey: 'night-run',
      photos: { pending: 3, indexed: 1, failed: 1 },
      faces: 2,
      jobs: { queued: 2, running: 1, failed: 1 },
      bibs: { reads: 1, photosRead: 1, photosUnread: 0 },
      photographers: [
        { id: 1, photos: 4, lastHour: 4 },
        { id: 2, photos: 1, lastHour: 0 },
      ],
      arrivingPerMinute: 0.4,
    });
    expect(await indexStatus(cli.db)).toEqual({
      eventKey: null,
      photos: { pending: 4, indexed: 1, failed: 1 },
      faces: 2,
      jobs: { queued: 3, running: 1, failed: 1 },
      bibs: { reads: 1, photosRead: 1, photosUnread: 0 },
      photographers: [
        { id: 1, photos: 5, lastHour: 5 },
        { id: 2, photos: 1, lastHour: 0 },
      ],
      arrivingPerMinute: 0.5,
    });
  });

  it('prints the status through the command line, and refuses an unknown event', async () => {
    const result = await cli.run('index-status', 'night-run');
    expect(result.code).toBe(0);
    expect(result.out.split('\n')).toEqual([
      'index status of night-run: 5 photos',
      'photos  pending 3  indexed 1  failed 1',
      'faces   2',
      'bibs    1 read in 1 photos  0 photos to read',
      'jobs    queued 2  running 1  failed 1',
      'rate    measured with --watch',
      'arriving 0.4 photos/min (last 10 min)',
      'by photographer  #1 4 (4 in the last hour)  #2 1 (0 in the last hour)',
    ]);
    expect((await cli.run('index-status')).out).toContain('index status of all events: 6 photos');
    const unknown = await cli.run('index-status', 'no-such-run');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no event with key "no-such-run"');
    expect((await cli.run('index-status', 'a', 'b')).code).toBe(2);
    expect((await cli.run('help')).out).toMatch(/^ {2}index-status +\S/m);
  });

  it('measures photos/min over the last 10 minutes of samples and draws the bar', () => {
    expect(photosPerMinute([{ at: 0, indexed: 5 }])).toBeUndefined();
    expect(
      photosPerMinute([
        { at: 0, indexed: 0 },
        { at: 60_000, indexed: 20 },
        { at: 11 * 60_000, indexed: 220 },
      ]),
    ).toBe(20);
    const status = {
      eventKey: null,
      photos: { pending: 50, indexed: 40, failed: 10 },
      faces: 0,
      jobs: { queued: 50, running: 0, failed: 0 },
      bibs: { reads: 0, photosRead: 0, photosUnread: 0 },
      photographers: [],
      arrivingPerMinute: 10,
    };
    expect(progressBar(status, 25, 10)).toBe(
      '[#####-----] 50/100 photos (10 failed) 25.0 photos/min, about 2 min left',
    );
    expect(progressBar(status, undefined, 10)).toBe(
      '[#####-----] 50/100 photos (10 failed) measuring photos/min',
    );
    // Photos arriving faster than they are indexed: the store says it falls behind, and by how much.
    const rush = { ...status, arrivingPerMinute: 30 };
    expect(progressBar(rush, 25, 10)).toBe(
      '[#####-----] 50/100 photos (10 failed) 25.0 photos/min, BEHIND: arriving 30.0/min',
    );
    expect(statusLines(rush, 25).at(-1)).toBe(
      'BEHIND  photos arrive at 30.0/min, indexed at 25.0/min: 50 waiting, 5.0 more each minute, caught up about 2 min after photos stop arriving (add FACE_WORKERS or npm run worker)',
    );
    expect(statusLines(status, 25).some((line) => line.startsWith('BEHIND'))).toBe(false);
  });

  it('watches until nothing is pending, and stops on Ctrl-C', async () => {
    const lines: string[] = [];
    const ctx = { db: cli.db, note: (line: string) => lines.push(line) };
    let t = 0;
    let step = 0;
    // Between samples the queue moves on: the running photo and then the queued ones get indexed.
    const sleep = async () => {
      t += 2000;
      step += 1;
      const pending = await cli.db
        .selectFrom('photos')
        .select('id')
        .where('event_id', '=', run.event_id)
        .where('index_state', '=', 'pending')
        .orderBy('id')
        .execute();
      const next = pending[0];
      if (next) await saveFacesOfPhoto(cli.db, next.id, run.event_id, []);
      if (step === 3)
        await cli.db.updateTable('jobs').set({ state: 'done' }).where('kind', '=', 'index-photo').execute();
    };
    const stopped = new AbortController();
    stopped.abort();
    const interrupted = await watchIndex(ctx, run, { signal: stopped.signal, sleep, clock: () => t });
    expect(interrupted.status.photos.pending).toBe(3);
    expect(lines).toHaveLength(1);

    const { status, rate } = await watchIndex(ctx, run, { sleep, clock: () => t });
    expect(status.photos).toEqual({ pending: 0, indexed: 4, failed: 1 });
    expect(lines.slice(1)).toEqual([
      '[##########--------------] 2/5 photos (1 failed) measuring photos/min',
      '[##############----------] 3/5 photos (1 failed) 30.0 photos/min, about 1 min left',
      '[###################-----] 4/5 photos (1 failed) 30.0 photos/min, about 1 min left',
      '[########################] 5/5 photos (1 failed) 30.0 photos/min',
    ]);
    expect(rate).toBe(30);
  });
});
