// The results commands through runCli: an export imported whole or not at all (its bad lines said), a newer file
// replacing the older, the results listed and cleared, each written to the audit trail; and the results filling
// the start list's runners where it has none (the name search, the event's bibs).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAudit } from '../db/audit-repo';
import { bibsOfRunners, replaceStartList, runnerCount, runnersNamed } from '../db/bibs-repo';
import { saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { resultOfBib, resultsSize } from '../db/results-repo';
import { testDatabases } from '../db/test-databases';
import { descriptorToBytes } from '../faces/matrix';
import { insertTestEvent, openTestCli, type TestCli } from './cli-fixture';

describe.each(testDatabases)('results commands on $name', (database) => {
  let cli: TestCli;
  let eventId = 0;
  const csv = async (name: string, text: string) => {
    const file = path.join(cli.dir, name);
    await fs.writeFile(file, text);
    return file;
  };
  const EXPORT =
    'Bib,Name,Category,Gun Time,Chip Time,Time of Day\n' +
    '1234,สมชาย ใจดี,10K,0:52:10,0:51:40,07:52:10\n' +
    '1235,Anna Rose,10K,0:49:05,0:49:00,07:49:05\n' +
    '1236,Dao,10K,DNF,,\n';

  beforeAll(async () => {
    cli = await openTestCli(database);
    eventId = await insertTestEvent(cli, 'night-run', 'Night run');
  });
  afterAll(() => cli.close());

  it('imports an export, lists it, and replaces it with a newer file', async () => {
    const first = await cli.run('import-results', 'night-run', await csv('results.csv', EXPORT));
    expect(first).toMatchObject({
      code: 0,
      out: 'night-run: results of 3 runners imported (2 finished, 2 with a finish clock time)',
    });
    expect(await resultOfBib(cli.db, eventId, '1234')).toEqual({
      bib: '1234',
      name: 'สมชาย ใจดี',
      category: '10K',
      status: 'finished',
      gun_ms: 3_130_000,
      chip_ms: 3_100_000,
      finish_at: new Date('2026-11-01T00:52:10.000Z'),
      place: 2,
      category_place: 2,
    });
    const listed = await cli.run('results', 'night-run');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n').map((line) => line.trimEnd())).toEqual([
      'place  bib   name        category  cat. place  gun      chip     finish clock',
      '1      1235  Anna Rose   10K       1           0:49:05  0:49:00  07:49:05',
      '2      1234  สมชาย ใจดี  10K       2           0:52:10  0:51:40  07:52:10',
      'DNF    1236  Dao         10K',
    ]);
    const newer = await cli.run(
      'import-results',
      'night-run',
      await csv('newer.csv', 'bib,chip time\n1234,0:51:41\n'),
    );
    expect(newer.out).toBe(
      'night-run: results of 1 runners imported (1 finished, 0 with a finish clock time), replacing 3',
    );
    expect(await resultsSize(cli.db, eventId)).toBe(1);
    expect(await resultOfBib(cli.db, eventId, '1235')).toBeUndefined();
  });

  it('refuses a file with any bad line, saying each, and keeps the results the event had', async () => {
    const before = await resultOfBib(cli.db, eventId, '1234');
    const run = await cli.run(
      'import-results',
      'night-run',
      await csv('bad.csv', 'bib,name,chip time\n1234,Somchai,0:50:00\n12,Short,0:51:00\n1240,Slow,fast\n'),
    );
    expect(run.code).toBe(1);
    expect(run.err).toContain("bad.csv was not imported (2 problems; the event's results are unchanged):");
    expect(run.err).toContain('  line 3: bib "12" is not a bib of this event (3 to 5 digits)');
    expect(run.err).toContain('  line 4: the chip time "fast" is not a time');
    expect(await resultOfBib(cli.db, eventId, '1234')).toEqual(before);
    // A mapping that is not field=heading is a usage error; one that is reads the file's own headings.
    const mapped = await csv('mapped.csv', 'Dorsal,Nombre,Neto\n1300,Ana,0:40:00\n');
    expect((await cli.run('import-results', 'night-run', mapped, '--columns', 'speed=Neto')).code).toBe(2);
    expect((await cli.run('import-results', 'night-run', mapped)).err).toContain('recognised: none');
    const run2 = await cli.run(
      'import-results',
      'night-run',
      mapped,
      '--columns',
      'bib=Dorsal,name=Nombre,chip=Neto',
    );
    expect(run2.code).toBe(0);
    expect(await resultOfBib(cli.db, eventId, '1300')).toMatchObject({ name: 'Ana', chip_ms: 2_400_000 });
  });

  it("fills the start list's runners where it has none: names found, bibs known", async () => {
    await cli.run('import-results', 'night-run', await csv('results.csv', EXPORT));
    await replaceStartList(cli.db, eventId, [{ bib: '1234', name: 'Somchai Jaidee', category: 'Open' }]);
    // The start list's own row wins; the results add the bibs it lacks.
    expect(await runnerCount(cli.db, eventId)).toBe(3);
    expect(await runnersNamed(cli.db, eventId, 'anna', 10)).toEqual([
      { bib: '1235', name: 'Anna Rose', category: '10K' },
    ]);
    expect(await runnersNamed(cli.db, eventId, 'สมชาย', 10)).toEqual([]);
    expect(await runnersNamed(cli.db, eventId, 'somchai', 10)).toEqual([
      { bib: '1234', name: 'Somchai Jaidee', category: 'Open' },
    ]);
    expect(await bibsOfRunners(cli.db, eventId, ['1234', '1235', '1236', '9999'])).toEqual(
      new Set(['1234', '1235', '1236']),
    );
    await replaceStartList(cli.db, eventId, []);
  });

  it("estimates each photographer's camera clock from the bibs read in their photos, and takes one set by hand", async () => {
    // Ten finishers a minute apart from 07:00:00; photographer 1 at the line, their camera 95 s ahead and shooting
    // each runner 2 s before they cross; photographer 2 on the course, about an hour before (7 s more for each runner);
    // 3's photos have no camera time.
    const rows = Array.from(
      { length: 10 },
      (_, i) => `${2000 + i},Runner ${i},10K,1:00:00,1:00:00,07:${String(i).padStart(2, '0')}:00`,
    );
    await cli.run(
      'import-results',
      'night-run',
      await csv('clocks.csv', `bib,name,category,gun time,chip time,tod\n${rows.join('\n')}\n`),
    );
    const finishOf = (i: number) => Date.parse('2026-11-01T07:00:00+07:00') + i * 60_000;
    const photos = await insertPhotos(
      cli.db,
      Array.from({ length: 30 }, (_, n) => {
        const i = n % 10;
        const photographer = Math.floor(n / 10) + 1;
        const taken =
          photographer === 1
            ? finishOf(i) + 95_000 - 2_000
            : photographer === 2
              ? finishOf(i) - 3_600_000 + i * 7_000
              : finishOf(i);
        return {
          event_id: eventId,
          stage_id: null,
          photographer_id: photographer,
          original_file_name: `IMG_${n}.JPG`,
          file_name: `clock-${n}.jpg`,
          width: 4000,
          height: 3000,
          taken_at: new Date(taken),
          camera: photographer === 3 ? '' : `Canon EOS R6 #${photographer}`,
          index_error: null,
        };
      }),
    );
    const face = {
      box: { x: 10, y: 10, width: 100, height: 120 },
      score: 0.9,
      descriptor: descriptorToBytes(new Float32Array(128)),
    };
    for (const [n, photoId] of photos.entries()) {
      const bib = String(2000 + (n % 10));
      await saveFacesOfPhoto(
        cli.db,
        photoId,
        eventId,
        [face],
        [{ face: 0, bib, confidence: 0.96, box: { x: 0, y: 300, width: 90, height: 40 } }],
      );
    }
    // Each line's cells (empty ones run together with the spaces around them).
    const table = async () =>
      (await cli.run('cameras', 'night-run')).out.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(await table()).toEqual([
      [
        'photographer',
        'photos',
        'with camera time',
        'estimate (s)',
        'rests on',
        'spread (s)',
        'at finish',
        'set (s)',
        'used (s)',
      ],
      ['1', '10', '10', '+93.0', '10 of 10', '0.0', 'yes', '+93.0'],
      ['2', '10', '10', '-3593.0', '3 of 10', '7.0', 'no'],
      ['3', '10', '0', 'no'],
    ]);
    const set = await cli.run('camera-offset', 'night-run', '--photographer', '2', '--seconds=-3570.5');
    expect(set.out).toBe("night-run: photographer 2's camera clock set to -3570.5 s from the timing clock");
    expect((await table())[2]).toEqual([
      '2',
      '10',
      '10',
      '-3593.0',
      '3 of 10',
      '7.0',
      'no',
      '-3570.5',
      '-3570.5',
    ]);
    expect((await cli.run('camera-offset', 'night-run', '--photographer', '2', '--estimate')).out).toBe(
      "night-run: photographer 2's camera offset is estimated from their photos again",
    );
    expect((await table())[2]).toEqual(['2', '10', '10', '-3593.0', '3 of 10', '7.0', 'no']);
    // Set before a photographer's photos came: listed, and used once they come.
    await cli.run('camera-offset', 'night-run', '--photographer', '9', '--seconds', '12');
    expect((await table())[4]).toEqual(['9', '0', '0', 'no', '+12.0', '+12.0']);
    for (const bad of [
      ['--photographer', '2'],
      ['--seconds', '5'],
      ['--photographer', '2', '--seconds', '5', '--estimate'],
      ['--photographer', '2', '--seconds', 'soon'],
      ['--photographer', '2', '--seconds', '200000'],
      ['--photographer', '-1', '--seconds', '5'],
    ]) {
      expect((await cli.run('camera-offset', 'night-run', ...bad)).code, bad.join(' ')).toBe(2);
    }
    await cli.db.deleteFrom('photos').where('event_id', '=', eventId).execute();
    await cli.run('import-results', 'night-run', await csv('results.csv', EXPORT));
  });

  it('clears the results, and writes each step to the audit trail', async () => {
    expect((await cli.run('clear-results', 'night-run')).out).toBe('night-run: results of 3 runners deleted');
    expect((await cli.run('clear-results', 'night-run')).out).toBe('night-run: no results to clear');
    expect((await cli.run('results', 'night-run')).out).toBe('night-run: no results');
    const actions = (await readAudit(cli.db))
      .filter((e) => e.subject === 'night-run' && e.action.startsWith('results'))
      .map((e) => [e.action, e.records]);
    expect(actions).toEqual([
      ['results imported', 3],
      ['results listed', 3],
      ['results replaced', 1],
      ['results replaced', 1],
      ['results replaced', 3],
      ['results replaced', 10],
      ['results replaced', 3],
      ['results cleared', 3],
      ['results listed', 0],
    ]);
  });
});
