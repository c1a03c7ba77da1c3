// An event's face search as its organiser chose, on the command line: create-event and update-event --face-search
// on|off and --runners-informed; on by default only where runners were told; on without it warned; turned off, the
// event's faces are deleted and its bib reads kept (naming no face); on again, its photos are queued for indexing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../db/audit-repo';
import { photosWithBib } from '../db/bibs-repo';
import { findByKey } from '../db/events-repo';
import { type NewBibRead, saveFacesOfPhoto } from '../db/faces-repo';
import { insertAlert } from '../db/photo-alerts-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { openTestCli, type TestCli } from './cli-fixture';
import { UNINFORMED_FACE_SEARCH_WARNING } from './event-flags';

const base = [
  '--title',
  'เชียงใหม่ มาราธอน',
  '--date',
  '2026-12-20',
  '--province',
  'เชียงใหม่',
  '--sale-start',
  '2026-12-21T06:00',
  '--sale-end',
  '2027-01-31T23:59:00Z',
];
const face = (i: number) => ({
  box: { x: 100 * i, y: 100, width: 80, height: 100 },
  score: 0.9,
  descriptor: new Uint8Array(512).fill(i),
});
const read = (faceIndex: number, bib: string): NewBibRead => ({
  face: faceIndex,
  bib,
  confidence: 0.95,
  box: { x: 0, y: 300, width: 100, height: 40 },
});

describe.each(testDatabases)('face search of an event on the command line on $name', (database) => {
  let cli: TestCli;
  beforeAll(async () => {
    cli = await openTestCli(database);
  }, 60_000);
  afterAll(() => cli.close());

  const addPhotos = async (eventKey: string, n: number) => {
    const event = await findByKey(cli.db, eventKey);
    const eventId = event?.event_id as number;
    const ids = await insertPhotos(
      cli.db,
      Array.from({ length: n }, (_, i) => ({
        event_id: eventId,
        stage_id: null,
        original_file_name: `IMG_${i}.JPG`,
        file_name: `${eventKey}-${i}.jpg`,
        width: 4000,
        height: 3000,
        taken_at: cli.now,
        index_error: null,
      })),
    );
    return { eventId, ids };
  };
  const count = async (table: 'faces' | 'bib_reads', eventId: number) =>
    Number(
      (
        await cli.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('event_id', '=', eventId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const indexJobs = async () =>
    (
      await cli.db.selectFrom('jobs').select(['payload', 'state']).where('kind', '=', 'index-photo').execute()
    ).map((j) => Number((j.payload as { photo_id: number }).photo_id));

  it('is off for a new event unless the organiser told runners of it, and warned when on without that', async () => {
    const plain = await cli.run('create-event', 'cm-plain', ...base);
    expect(plain).toMatchObject({ code: 0, err: '' });
    expect(plain.out).toContain('face search off (bib search only; no face is kept)');
    expect(await findByKey(cli.db, 'cm-plain')).toMatchObject({
      face_search: false,
      runners_informed: false,
    });

    const informed = await cli.run('create-event', 'cm-informed', ...base, '--runners-informed');
    expect(informed).toMatchObject({ code: 0, err: '' });
    expect(informed.out).toContain('face search on');
    expect(await findByKey(cli.db, 'cm-informed')).toMatchObject({
      face_search: true,
      runners_informed: true,
    });

    const informedOff = await cli.run(
      'create-event',
      'cm-informed-off',
      ...base,
      '--runners-informed',
      '--face-search',
      'OFF',
    );
    expect(informedOff).toMatchObject({ code: 0, err: '' });
    expect(await findByKey(cli.db, 'cm-informed-off')).toMatchObject({
      face_search: false,
      runners_informed: true,
    });

    const uninformed = await cli.run('create-event', 'cm-uninformed', ...base, '--face-search', 'on');
    expect(uninformed.code).toBe(0);
    expect(uninformed.err).toBe(UNINFORMED_FACE_SEARCH_WARNING);
    expect(uninformed.err).toContain('biometric data (PDPA section 26)');
    expect(await findByKey(cli.db, 'cm-uninformed')).toMatchObject({
      face_search: true,
      runners_informed: false,
    });
  });

  it('refuses a face search that is neither on nor off, and contradicting flags', async () => {
    for (const [args, message] of [
      [['cm-bad', ...base, '--face-search', 'maybe'], '--face-search must be on or off'],
      [['cm-bad', ...base, '--face-search'], "Option '--face-search <value>' argument missing"],
      [['cm-bad', ...base, '--runners-informed', '--no-runners-informed'], 'contradict each other'],
    ] as [string[], string][]) {
      const run = await cli.run('create-event', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err).toContain(message);
    }
    expect(await findByKey(cli.db, 'cm-bad')).toBeUndefined();
    const help = await cli.run('help', 'create-event');
    expect(help.out).toContain('[--runners-informed] [--face-search on|off]');
    expect((await cli.run('help', 'update-event')).out).toContain('--no-runners-informed');
  });

  it('turned off, deletes the event’s faces in one go and keeps its bib reads, naming no face', async () => {
    const { eventId, ids } = await addPhotos('cm-informed', 3);
    const [a = 0, b = 0, c = 0] = ids;
    await saveFacesOfPhoto(cli.db, a, eventId, [face(1), face(2)], [read(0, '1234'), read(1, '777')]);
    await saveFacesOfPhoto(cli.db, b, eventId, [face(3)], [read(0, '1234')]);
    await saveFacesOfPhoto(cli.db, c, eventId, []);
    // Another event's faces are not touched.
    const other = await addPhotos('cm-uninformed', 1);
    await saveFacesOfPhoto(cli.db, other.ids[0] as number, other.eventId, [face(4)], [read(0, '55')]);

    // A runner's face alert at the event, and a bib-only one.
    const alert = (token: string, descriptor: Uint8Array | null) =>
      insertAlert(cli.db, {
        event_id: eventId,
        token,
        descriptor,
        bib: descriptor ? null : '1234',
        language: 'th',
        channel: 'push',
        push_endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        push_p256dh: 'p',
        push_auth: 'a',
        email: null,
        confirm_sha256: null,
        after_photo_id: 0,
      });
    await alert('F'.repeat(32), new Uint8Array(512));
    const bibAlert = await alert('B'.repeat(32), null);

    const run = await cli.run('update-event', 'cm-informed', '--face-search', 'off');
    expect(run).toMatchObject({ code: 0, err: '' });
    const alerts = await cli.db
      .selectFrom('photo_alerts')
      .select('id')
      .where('event_id', '=', eventId)
      .execute();
    expect(alerts.map((a) => a.id)).toEqual([bibAlert]);
    expect(run.out).toContain('updated event cm-informed: face_search');
    expect(run.out).toContain(
      'face search off (bib search only; no face is kept): deleted 3 faces of 2 photos with their descriptors ' +
        "and 1 runners' face alerts; 3 bib reads kept",
    );
    expect(await findByKey(cli.db, 'cm-informed')).toMatchObject({ face_search: false });
    expect(await count('faces', eventId)).toBe(0);
    const reads = await cli.db
      .selectFrom('bib_reads')
      .select(['photo_id', 'bib', 'face_id'])
      .where('event_id', '=', eventId)
      .orderBy('id')
      .execute();
    expect(reads.map((r) => [Number(r.photo_id), r.bib, r.face_id])).toEqual([
      [a, '1234', null],
      [a, '777', null],
      [b, '1234', null],
    ]);
    // Still found by bib.
    expect(await photosWithBib(cli.db, eventId, '1234', 10)).toEqual([a, b]);
    expect(await count('faces', other.eventId)).toBe(1);
    expect(await count('bib_reads', other.eventId)).toBe(1);
    expect((await readAudit(cli.db)).at(-1)).toMatchObject({
      action: 'face search off: faces deleted',
      subject: 'cm-informed',
      records: 4,
      actor: expect.stringMatching(/^admin:/),
    });

    // Off again: nothing more to do.
    const again = await cli.run('update-event', 'cm-informed', '--face-search', 'off');
    expect(again.out).not.toContain('deleted');
  });

  it('turned on again, queues the event’s photos for indexing (not those already waiting), warning if runners were not told', async () => {
    const { eventId, ids } = await addPhotos('cm-plain', 3);
    const [waiting = 0] = ids;
    await cli.db
      .insertInto('jobs')
      .values({ kind: 'index-photo', payload: JSON.stringify({ photo_id: waiting }) })
      .execute();
    for (const id of ids.slice(1)) await saveFacesOfPhoto(cli.db, id, eventId, []);
    const before = await indexJobs();

    const hint = await cli.run('update-event', 'cm-plain', '--runners-informed');
    expect(hint.out).toContain('face search stays off for cm-plain: turn it on with --face-search on');
    expect(await findByKey(cli.db, 'cm-plain')).toMatchObject({ face_search: false, runners_informed: true });
    await cli.run('update-event', 'cm-plain', '--no-runners-informed');

    const run = await cli.run('update-event', 'cm-plain', '--face-search', 'on');
    expect(run.code).toBe(0);
    expect(run.out).toContain('face search on: queued 2 photos for indexing');
    expect(run.err).toBe(UNINFORMED_FACE_SEARCH_WARNING);
    const queued = (await indexJobs()).slice(before.length);
    expect(queued.sort()).toEqual(ids.slice(1).sort());
    const photos = await cli.db
      .selectFrom('photos')
      .select(['id', 'index_state'])
      .where('event_id', '=', eventId)
      .execute();
    expect(photos.every((p) => p.index_state === 'pending')).toBe(true);

    // Told at last: no warning any more.
    const told = await cli.run('update-event', 'cm-plain', '--runners-informed');
    expect(told).toMatchObject({ code: 0, err: '' });
  });
});
