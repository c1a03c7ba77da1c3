// import-photos through runCli on PGlite: a folder of good and bad files, progress, summary, bad arguments.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent, listsOf } from '../db/events-repo';
import { countJobsByState } from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import { openTestCli, storedObjects, type TestCli, writeImage } from './cli-fixture';

describe('import-photos', () => {
  let cli: TestCli;
  let folder: string;
  let stageId: number;

  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
    const eventId = await insertEvent(cli.db, {
      event: {
        event_key: 'night-run',
        title: 'Night run',
        cover_object: 'night-run/cover.jpg',
        event_date_text: '1 พฤศจิกายน 2569',
        eventdate: '2026-11-01',
        province: 'กรุงเทพมหานคร',
        team_key: null,
        on_sale_start: cli.now,
        on_sale_end: cli.now,
      },
      stages: [{ name: 'เส้นชัย', name_en: 'Finish' }],
    });
    stageId = (await listsOf(cli.db, eventId)).stages[0]?.id as number;
    folder = path.join(cli.dir, 'card');
    const good = await fs.readFile(await writeImage(folder, 'IMG_0001.jpg'));
    await writeImage(folder, 'IMG_0002.png', 'png');
    await fs.writeFile(path.join(folder, 'x.jpg'), 'a text file with a photo name');
    await fs.writeFile(path.join(folder, 'IMG_0003.jpg'), good.subarray(0, good.length - 100));
    await writeImage(folder, 'nested/IMG_0004.jpg');
  }, 60_000);
  afterAll(() => cli.close());

  it('imports the good files, reports the bad ones and prints a summary', async () => {
    const run = await cli.run(
      'import-photos',
      'night-run',
      folder,
      '--photographer',
      '12',
      '--stage',
      String(stageId),
    );
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^imported 2 of 4 files into night-run in \d+\.\d s \(\d+ photos\/min\); 2 face index jobs queued\n/,
    );
    expect(run.out).toContain(
      'refused 2:\n' +
        '  IMG_0003.jpg: the image cannot be decoded (truncated or damaged)\n' +
        '  x.jpg: not a JPEG or PNG image',
    );
    expect(run.err.split('\n').sort()).toEqual([
      'refused IMG_0003.jpg: the image cannot be decoded (truncated or damaged)',
      'refused x.jpg: not a JPEG or PNG image',
    ]);
    // Progress: files done / total and a rate; the last line counts every file.
    expect(run.progress.at(-1)).toMatch(/^4\/4 files, \d+ photos\/min, 2 refused$/);

    const rows = await cli.db
      .selectFrom('photos')
      .select(['original_file_name', 'photographer_id', 'stage_id', 'is_highlight', 'file_name'])
      .orderBy('original_file_name')
      .execute();
    expect(rows.map((r) => [r.original_file_name, r.photographer_id, r.stage_id, r.is_highlight])).toEqual([
      ['IMG_0001.jpg', 12, stageId, false],
      ['IMG_0002.png', 12, stageId, false],
    ]);
    // Five objects per photo (thumbnail, preview, their WebP copies, original; the logo version comes with a paid
    // order), none named after the photographer's file.
    const objects = await storedObjects(cli.store);
    expect(objects).toHaveLength(10);
    expect(objects.some((o) => o.includes('IMG_'))).toBe(false);
    expect(await countJobsByState(cli.db, 'index-photo')).toMatchObject({ queued: 2 });
  });

  it('marks highlights', async () => {
    const highlights = path.join(cli.dir, 'highlights');
    await writeImage(highlights, 'best.jpg');
    expect((await cli.run('import-photos', 'night-run', highlights, '--highlight')).code).toBe(0);
    const row = await cli.db
      .selectFrom('photos')
      .select(['is_highlight', 'stage_id', 'photographer_id'])
      .where('original_file_name', '=', 'best.jpg')
      .executeTakeFirst();
    expect(row).toEqual({ is_highlight: true, stage_id: null, photographer_id: 0 });
  });

  it('says so when the folder has no files', async () => {
    const empty = path.join(cli.dir, 'empty');
    await fs.mkdir(empty, { recursive: true });
    expect(await cli.run('import-photos', 'night-run', empty)).toMatchObject({
      code: 0,
      out: `no files in ${empty}`,
    });
  });

  it('refuses bad arguments with exit 2', async () => {
    const cases: [string[], string][] = [
      [['night-run'], 'missing <folder>'],
      [['no-such-event', folder], 'no event with key "no-such-event"'],
      [['night-run', path.join(folder, 'x.jpg')], 'is not a folder'],
      [['night-run', path.join(cli.dir, 'missing')], 'is not a folder'],
      [['night-run', folder, '--stage', '999'], 'stage 999 is not a stage of night-run'],
      [['night-run', folder, '--stage', 'finish'], '--stage must be a whole number'],
      [['night-run', folder, '--photographer', '1.5'], '--photographer must be a whole number'],
      [['night-run', folder, 'extra'], 'unexpected argument "extra"'],
      [['team', folder], '"team" is a reserved word'],
    ];
    for (const [args, message] of cases) {
      const run = await cli.run('import-photos', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err).toContain(message);
    }
  });
});
