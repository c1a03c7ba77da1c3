// The photographer-link commands through runCli: a link printed once (only its hash kept), listed with
// its state and the photos its photographer sent, revoked; bad arguments refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { workingLink } from '../db/photographer-links-repo';
import { testDatabases } from '../db/test-databases';
import { recordListeningPort, storeAddress } from '../ops/store-address';
import { secretHash } from '../services/live-uploads';
import { insertTestEvent, openTestCli, type TestCli } from './cli-fixture';

describe('photographer links', () => {
  let cli: TestCli;

  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
    await insertTestEvent(cli, 'live-run', 'Live run');
  });
  afterAll(() => cli.close());

  it('prints a secret address that works until it expires, lists it, and revokes it', async () => {
    const made = await cli.run('photographer-link', 'live-run', '--photographer', '3', '--expires', '12h');
    expect(made.code).toBe(0);
    const [said, address] = made.out.split('\n');
    expect(said).toBe(
      'upload link 1 for photographer 3 at live-run, until 23 Nov 2026, 00:00 (Bangkok); give it to the photographer only:',
    );
    const secret = address?.match(/^http:\/\/localhost:8080\/upload\/([A-Za-z0-9_-]{32})$/)?.[1] as string;
    expect(secret).toBeDefined();
    // Only its hash is kept.
    const rows = await cli.db.selectFrom('photographer_links').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(await workingLink(cli.db, secretHash(secret), cli.now)).toMatchObject({ photographer_id: 3 });
    expect(
      await workingLink(cli.db, secretHash(secret), new Date(cli.now.getTime() + 13 * 3_600_000)),
    ).toBeUndefined();

    expect((await cli.run('photographer-link', 'live-run', '--photographer', '5')).code).toBe(0);
    const listed = await cli.run('photographer-links', 'live-run');
    expect(listed.out.split('\n')).toEqual([
      'link  photographer  until (Bangkok)     state    photos',
      '1     3             23 Nov 2026, 00:00  working  0',
      '2     5             25 Nov 2026, 12:00  working  0',
    ]);
    expect((await cli.run('revoke-photographer-link', '1')).out).toBe('upload link 1 revoked');
    expect(await workingLink(cli.db, secretHash(secret), cli.now)).toBeUndefined();
    expect((await cli.run('photographer-links', 'live-run')).out).toContain(
      '1     3             23 Nov 2026, 00:00  revoked',
    );
    expect((await cli.run('revoke-photographer-link', '1')).code).toBe(1);
  });

  it('refuses what it cannot do', async () => {
    for (const args of [
      ['photographer-link', 'live-run'],
      ['photographer-link', 'live-run', '--photographer', 'x'],
      ['photographer-link', 'live-run', '--photographer', '1', '--expires', '31d'],
      ['photographer-link', 'live-run', '--photographer', '1', '--expires', 'soon'],
      ['photographer-link', 'no-such-run', '--photographer', '1'],
      ['revoke-photographer-link', 'x'],
    ])
      expect((await cli.run(...args)).code, args.join(' ')).toBe(2);
    expect((await cli.run('photographer-links', 'live-run')).code).toBe(0);
  });
});

describe.each(testDatabases)('the address a link is printed on, on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ db, close } = await database.open());
  });
  afterAll(() => close());

  it('prints the store’s own address: PUBLIC_BASE_URL, else the port the store listens on, else PORT', async () => {
    const publicBaseUrl = 'https://photos.example/';
    expect(await storeAddress({ publicBaseUrl, port: 8080 }, db)).toBe('https://photos.example');
    // No store has listened on this database yet: this process's PORT.
    expect(await storeAddress({ publicBaseUrl: undefined, port: 9000 }, db)).toBe('http://localhost:9000');
    await recordListeningPort(db, 5173);
    expect(await storeAddress({ publicBaseUrl: undefined, port: 8080 }, db)).toBe('http://localhost:5173');
    expect(await storeAddress({ publicBaseUrl, port: 8080 }, db)).toBe('https://photos.example');
  });
});
