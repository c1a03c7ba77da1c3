// Team and banner commands through runCli on PGlite.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTeam, listActiveBanners } from '../db/teams-repo';
import { testDatabases } from '../db/test-databases';
import { openTestCli, storedObjects, type TestCli, writeImage } from './cli-fixture';

describe('team and banner commands', () => {
  let cli: TestCli;
  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
  }, 60_000);
  afterAll(() => cli.close());

  it('create-team makes a team, with a cover when given', async () => {
    const cover = await writeImage(cli.dir, 'team.jpg');
    const run = await cli.run(
      'create-team',
      'korat-runners',
      '--name',
      'ชมรมวิ่งโคราช',
      '--description',
      'วิ่งทุกเช้า',
      '--facebook',
      'https://facebook.com/korat',
      '--cover',
      cover,
    );
    expect(run).toMatchObject({ code: 0, out: 'created team korat-runners with its cover' });
    const team = await findTeam(cli.db, 'korat-runners');
    expect(team).toMatchObject({
      team_name: 'ชมรมวิ่งโคราช',
      team_description: 'วิ่งทุกเช้า',
      team_facebook_url: 'https://facebook.com/korat',
    });
    expect(await storedObjects(cli.store)).toContain(team?.cover_object);
    expect((await cli.run('create-team', 'plain', '--name', 'Plain')).code).toBe(0);
    expect(await findTeam(cli.db, 'plain')).toMatchObject({ cover_object: '', team_facebook_url: '' });
  });

  it('create-team refuses bad arguments', async () => {
    const cases: [string[], string][] = [
      [['korat-runners', '--name', 'again'], 'team "korat-runners" already exists'],
      [['new-team'], '--name is required'],
      [['new team', '--name', 'x'], 'team key "new team" may hold only letters'],
      [
        ['new-team', '--name', 'x', '--facebook', 'javascript:alert(1)'],
        '--facebook must be an http(s) address',
      ],
      [['new-team', '--name', 'x', '--cover', path.join('/nowhere', 'c.jpg')], 'cannot read /nowhere/c.jpg'],
    ];
    for (const [args, message] of cases) {
      const run = await cli.run('create-team', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err).toContain(message);
    }
    expect(await findTeam(cli.db, 'new-team')).toBeUndefined();
  });

  it('add-banner stores the image and the link', async () => {
    const image = await writeImage(cli.dir, 'banner.png', 'png');
    const run = await cli.run('add-banner', image, '--link', '/korat-half-2026', '--order', '2');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/^added banner \d+ → \/korat-half-2026$/);
    const [banner] = await listActiveBanners(cli.db);
    expect(banner).toMatchObject({ link_url: '/korat-half-2026', sort_order: 2 });
    expect(banner?.image_object).toMatch(/^banners\/banner-[0-9a-f]{12}(\.w[\d-]+)?\.jpg$/);
    expect(await storedObjects(cli.store)).toContain(banner?.image_object);
  });

  it('add-banner refuses unsafe links and files that are not images', async () => {
    const text = path.join(cli.dir, 'banner.jpg');
    await fs.writeFile(text, 'this is text');
    const image = await writeImage(cli.dir, 'ok.jpg');
    const cases: [string[], string][] = [
      [[image], '--link is required'],
      [
        [image, '--link', 'javascript:alert(1)'],
        '--link must be an http(s) address or a path starting with /',
      ],
      [[image, '--link', '//evil.example'], '--link must be an http(s) address'],
      [[text, '--link', '/x'], 'banner.jpg: not a JPEG or PNG image'],
      [[image, '--link', '/x', '--order=-1'], '--order must be a whole number from 0 to 10000'],
      [[image, '--link', '/x', '--order', '-1'], "use '--order=-XYZ'"],
      [['--link', '/x'], 'missing <image file>'],
    ];
    for (const [args, message] of cases) {
      const run = await cli.run('add-banner', ...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err).toContain(message);
    }
    expect(await listActiveBanners(cli.db)).toHaveLength(1);
  });
});
