// `watch` through runCli: the hot folder's lines, its arguments refused; the folder's behaviour itself
// is server/services/hot-folder.test.ts.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { insertTestEvent, openTestCli, type TestCli, writeImage } from './cli-fixture';

describe('watch', () => {
  let cli: TestCli;
  let folder: string;

  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
    await insertTestEvent(cli, 'live-run', 'Live run');
    folder = path.join(cli.dir, 'hot');
    await writeImage(folder, 'IMG_0001.JPG');
  });
  afterAll(() => cli.close());

  it('imports what lands in the folder and says so, then what it did when stopped', async () => {
    cli.watchRounds = 2;
    const run = await cli.run('watch', 'live-run', folder, '--photographer', '3');
    expect(run.code).toBe(0);
    expect(run.out.split('\n')).toEqual([
      `watching ${folder} for live-run (Ctrl-C to stop)`,
      expect.stringMatching(/^imported IMG_0001\.JPG \(photo \d+\)$/),
      'stopped: 1 imported, 0 already there, 0 refused',
    ]);
    const again = await cli.run('watch', 'live-run', folder);
    expect(again.err).toMatch(/^already imported IMG_0001\.JPG \(photo \d+\)$/);
    expect(again.out).toContain('stopped: 0 imported, 1 already there, 0 refused');
  });

  it('refuses what it cannot watch', async () => {
    expect((await cli.run('watch', 'live-run', path.join(folder, 'IMG_0001.JPG'))).code).toBe(2);
    expect((await cli.run('watch', 'no-such-run', folder)).code).toBe(2);
    expect((await cli.run('watch', 'live-run', folder, '--interval', '0')).code).toBe(2);
    expect((await cli.run('watch', 'live-run', folder, '--stage', '9')).err).toContain('is not a stage');
    expect((await cli.run('help')).out).toMatch(/^ {2}watch +\S/m);
  });
});
