// The bib commands through runCli: a start list imported whole or not at all (its bad rows said with
// their lines), the event's bib digits and range set, the bibs read listed, and the reading of unread photos queued.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runnersNamed, startListSize } from '../db/bibs-repo';
import { findByKey } from '../db/events-repo';
import { saveFacesOfPhoto } from '../db/faces-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { descriptorToBytes } from '../faces/matrix';
import { insertTestEvent, openTestCli, type TestCli } from './cli-fixture';

describe.each(testDatabases)('bib commands on $name', (database) => {
  let cli: TestCli;
  let eventId = 0;
  const csv = async (name: string, text: string | Uint8Array) => {
    const file = path.join(cli.dir, name);
    await fs.writeFile(file, text);
    return file;
  };

  beforeAll(async () => {
    cli = await openTestCli(database);
    eventId = await insertTestEvent(cli, 'night-run', 'Night run');
  });
  afterAll(() => cli.close());

  it('imports a start list (UTF-8 with a BOM, a header, quoted names, Thai), replacing the one before', async () => {
    const file = await csv(
      'list.csv',
      '\uFEFFBib,Name,Category\r\n1234,สมชาย ใจดี,10K\r\n1235,"Runner, Anna",5K\r\n\r\n 0042 ,"Joe ""Fast"" Lee",\r\n',
    );
    const run = await cli.run('import-start-list', 'night-run', file);
    expect(run).toMatchObject({ code: 0, out: 'night-run: start list of 3 runners imported' });
    expect(await runnersNamed(cli.db, eventId, 'สมชาย', 10)).toEqual([
      { bib: '1234', name: 'สมชาย ใจดี', category: '10K' },
    ]);
    expect(await runnersNamed(cli.db, eventId, 'runner, a', 10)).toEqual([
      { bib: '1235', name: 'Runner, Anna', category: '5K' },
    ]);
    expect(await runnersNamed(cli.db, eventId, 'joe', 10)).toEqual([
      { bib: '0042', name: 'Joe "Fast" Lee', category: '' },
    ]);
    // Without a header: bib, name, category in that order.
    const again = await cli.run(
      'import-start-list',
      'night-run',
      await csv('plain.csv', '777,Nok\n778,Dao,21K\n'),
    );
    expect(again.out).toBe('night-run: start list of 2 runners imported (replacing 3)');
    expect(await startListSize(cli.db, eventId)).toBe(2);
  });

  it('refuses a list with any bad row, saying each with its line, and keeps the list the event had', async () => {
    const file = await csv(
      'bad.csv',
      'bib,name\n1234,Somchai\n12,Too short\n1236,\n1234,Twice\nabc,Letters\n',
    );
    const run = await cli.run('import-start-list', 'night-run', file);
    expect(run.code).toBe(1);
    expect(run.err.split('\n')).toEqual([
      `error: import-start-list: ${file} was not imported (4 problems; the event's list is unchanged):`,
      '  line 3: bib "12" is not a bib of this event (3 to 5 digits)',
      '  line 4: the name is empty',
      '  line 5: bib 1234 is already on line 2',
      '  line 6: bib "abc" is not a bib of this event (3 to 5 digits)',
    ]);
    expect(await startListSize(cli.db, eventId)).toBe(2);
    // A file saved in another encoding (TIS-620 Thai) is refused with what to do.
    const tis = await cli.run(
      'import-start-list',
      'night-run',
      await csv('tis.csv', Uint8Array.from([0x31, 0x32, 0x33, 0x2c, 0xca, 0xc1])),
    );
    expect(tis.err).toContain('the file is not UTF-8 text: save it as "CSV UTF-8" and import it again');
    const header = await cli.run(
      'import-start-list',
      'night-run',
      await csv('header.csv', 'name,category\nNok,5K\n'),
    );
    expect(header.err).toContain('line 1: the header must name the bib and name columns');
    expect((await cli.run('import-start-list', 'night-run', await csv('empty.csv', '\n\n'))).err).toContain(
      'the file has no rows',
    );
    expect((await cli.run('import-start-list', 'night-run', path.join(cli.dir, 'none.csv'))).code).toBe(2);
    expect((await cli.run('import-start-list', 'no-such-run', file)).code).toBe(2);
    expect((await cli.run('import-start-list', 'night-run')).code).toBe(2);
    expect(await startListSize(cli.db, eventId)).toBe(2);
  });

  it('sets the event’s bib digits and range, and off', async () => {
    expect(
      (await cli.run('update-event', 'night-run', '--bib-digits', '4', '--bib-range', '1000-1999')).code,
    ).toBe(0);
    expect(await findByKey(cli.db, 'night-run')).toMatchObject({
      bib_min_digits: 4,
      bib_max_digits: 4,
      bib_from: 1000,
      bib_to: 1999,
    });
    // The list is checked against the event's rule.
    const outside = await cli.run('import-start-list', 'night-run', await csv('out.csv', '2000,Nok\n'));
    expect(outside.err).toContain(
      'line 1: bib "2000" is not a bib of this event (4 digits from 1000 to 1999)',
    );
    for (const bad of [
      ['--bib-digits', '0-3'],
      ['--bib-digits', '5-3'],
      ['--bib-digits', '9'],
      ['--bib-range', '9-1'],
      ['--bib-range', 'x'],
    ]) {
      const run = await cli.run('update-event', 'night-run', ...bad);
      expect(run.code, bad.join(' ')).toBe(2);
      expect(run.err, bad.join(' ')).toContain(bad[0]);
    }
    expect(
      (await cli.run('update-event', 'night-run', '--bib-digits', 'off', '--bib-range', 'off')).code,
    ).toBe(0);
    expect(await findByKey(cli.db, 'night-run')).toMatchObject({ bib_max_digits: 0, bib_from: null });
    const off = await cli.run('import-start-list', 'night-run', await csv('off.csv', '1234,Nok\n'));
    expect(off).toMatchObject({ code: 1 });
    expect(off.err).toContain('reads no bibs');
    expect((await cli.run('update-event', 'night-run', '--bib-digits', '3-5')).code).toBe(0);
  });

  it('lists the bibs read with their photos, and queues the reading of photos that have none read', async () => {
    const photo = (i: number) => ({
      event_id: eventId,
      stage_id: null,
      original_file_name: `IMG_${i}.JPG`,
      file_name: `p${i}.jpg`,
      width: 4000,
      height: 3000,
      taken_at: cli.now,
      index_error: null,
    });
    const [a = 0, b = 0, c = 0] = await insertPhotos(cli.db, [photo(1), photo(2), photo(3)]);
    const face = {
      box: { x: 10, y: 10, width: 100, height: 120 },
      score: 0.9,
      descriptor: descriptorToBytes(new Float32Array(128)),
    };
    const read = (bib: string) => ({
      face: 0,
      bib,
      confidence: 0.96,
      box: { x: 0, y: 300, width: 90, height: 40 },
    });
    await saveFacesOfPhoto(cli.db, a, eventId, [face], [read('777'), read('42')]);
    await saveFacesOfPhoto(cli.db, b, eventId, [face], [read('777')]);
    // c indexed before bibs were read.
    await saveFacesOfPhoto(cli.db, c, eventId, [face]);
    const listed = await cli.run('bibs', 'night-run');
    expect(listed.out.split('\n')).toEqual([
      'night-run: bibs of 3-5 digits, start list of 2; 2 photos read, 1 to read',
      'bib  photos',
      '777  2',
    ]);
    const all = await cli.run('bibs', 'night-run', '--all');
    expect(all.out.split('\n').slice(1)).toEqual([
      'bib  photos  a bib',
      '777  2       yes',
      '42   1       no',
    ]);
    const queued = await cli.run('read-bibs', 'night-run');
    expect(queued.out).toBe('night-run: reading the bibs of 1 photos (queued; see index-status)');
    const jobs = await cli.db
      .selectFrom('jobs')
      .select(['kind', 'payload'])
      .where('kind', '=', 'read-bibs')
      .execute();
    expect(jobs.map((j) => j.payload)).toContainEqual({ event_id: eventId });
    expect((await cli.run('bibs', 'no-such-run')).code).toBe(2);
    expect((await cli.run('help')).out).toMatch(/^ {2}import-start-list +\S/m);
  });
});
