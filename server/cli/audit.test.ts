// The audit trail of personal data through runCli: the table refuses every change but an append (on every
// database), `audit` prints it (since a day or a time, as JSON), no command can erase it, and each admin command
// that reads or changes personal data writes its entry, with a searched phone or e-mail masked.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { dataDirLayout } from '../data-dir';
import { type AuditRow, readAudit, writeAudit } from '../db/audit-repo';
import { openEmbeddedDatabase } from '../db/database';
import { insertOrder } from '../db/orders-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import { orderRow } from '../test/order-rows';
import type { StandaloneContext } from './args';
import { insertTestEvent, openTestCli, type TestCli } from './cli-fixture';
import { commands, helpText, runCli } from './commands';

const MOBILE = '0898765432';
const EMAIL = 'somchai.runner@example.com';

describe.each(testDatabases)('the audit trail on $name', (database) => {
  let cli: TestCli;
  let eventId = 0;

  beforeAll(async () => {
    cli = await openTestCli(database);
    eventId = await insertTestEvent(cli, 'night-run', 'Night run');
  });
  afterAll(() => cli.close());

  /** The entries written since `from` (an id), without their ids and times. */
  const entriesAfter = async (from: number) =>
    (await readAudit(cli.db))
      .filter((row) => row.id > from)
      .map(({ actor, action, subject, records }) => ({ actor, action, subject, records }));
  const lastId = async () => (await readAudit(cli.db)).at(-1)?.id ?? 0;
  const admin = expect.stringMatching(/^admin:/);

  it('refuses to update, delete or truncate its rows', async () => {
    await writeAudit(cli.db, { actor: 'admin:test', action: 'test entry', subject: 'x', records: 1 });
    await expect(cli.db.updateTable('audit_log').set({ records: 2 }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(cli.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`truncate audit_log`.execute(cli.db)).rejects.toThrow(/append-only/);
    expect((await readAudit(cli.db)).filter((row) => row.action === 'test entry')).toHaveLength(1);
  });

  it('writes an entry for each start-list command, with the event and the runners counted', async () => {
    const from = await lastId();
    const file = path.join(cli.dir, 'list.csv');
    await fs.writeFile(file, 'bib,name\n1234,Somchai Jaidee\n1235,Anna Rose\n');
    expect((await cli.run('import-start-list', 'night-run', file)).code).toBe(0);
    expect((await cli.run('import-start-list', 'night-run', file)).code).toBe(0);
    const listed = await cli.run('start-list', 'night-run');
    expect(listed.code).toBe(0);
    expect(listed.out.split('\n')).toEqual([
      'bib   name            category',
      '1234  Somchai Jaidee',
      '1235  Anna Rose',
    ]);
    const found = await cli.run('start-list', 'night-run', '--name', 'anna');
    expect(found.out).toContain('1235  Anna Rose');
    expect(found.out).not.toContain('Somchai');
    expect((await cli.run('clear-start-list', 'night-run')).out).toBe(
      'night-run: start list of 2 runners deleted',
    );
    expect((await cli.run('start-list', 'night-run')).out).toBe('night-run: no start list');
    expect(await entriesAfter(from)).toEqual([
      { actor: admin, action: 'start list imported', subject: 'night-run', records: 2 },
      { actor: admin, action: 'start list replaced', subject: 'night-run', records: 2 },
      { actor: admin, action: 'start list listed', subject: 'night-run', records: 2 },
      { actor: admin, action: 'start list searched by name', subject: 'night-run', records: 1 },
      { actor: admin, action: 'start list cleared', subject: 'night-run', records: 2 },
      { actor: admin, action: 'start list listed', subject: 'night-run', records: 0 },
    ]);
  });

  it('writes an entry for each order listing, never with the phone or e-mail searched', async () => {
    const photoIds = await insertPhotos(cli.db, [
      {
        event_id: eventId,
        stage_id: null,
        original_file_name: 'IMG_1.jpg',
        file_name: 'photo-1.jpg',
        width: 10,
        height: 10,
        taken_at: cli.now,
      },
    ]);
    await insertOrder(
      cli.db,
      orderRow({
        order_id: '33333333-3333-4333-8333-333333333333',
        event_id: eventId,
        amount: '60.00',
        mobile: MOBILE,
        email: EMAIL,
        created_at: cli.now,
      }),
      photoIds,
      undefined,
    );
    const from = await lastId();
    expect((await cli.run('orders')).code).toBe(0);
    const byPhone = await cli.run('orders', '--mobile', '089-876-5432');
    expect(byPhone.out).toContain('33333333-3333-4333-8333-333333333333');
    const byMail = await cli.run('orders', '--email', 'SOMCHAI.Runner@example.com', '--status', 'INITIAL');
    expect(byMail.out).toContain('33333333-3333-4333-8333-333333333333');
    expect((await cli.run('orders', '--email', 'nobody@example.com')).out).toBe('no orders');
    expect((await cli.run('list-am-orders')).code).toBe(0);
    expect((await cli.run('orders', '--email', 'not-an-address')).code).toBe(2);
    const entries = await entriesAfter(from);
    expect(entries).toEqual([
      { actor: admin, action: 'orders listed', subject: '', records: 1 },
      { actor: admin, action: 'orders by phone', subject: '08******32', records: 1 },
      { actor: admin, action: 'orders by e-mail', subject: 's****@example.com INITIAL', records: 1 },
      { actor: admin, action: 'orders by e-mail', subject: 'n****@example.com', records: 0 },
      { actor: admin, action: 'AM orders listed', subject: '', records: 0 },
    ]);
    expect(JSON.stringify(entries)).not.toContain('876');
    expect(JSON.stringify(entries)).not.toContain('somchai');
  });

  it('prints the trail, newest last, since a day or a time, and as JSON', async () => {
    const all = await cli.run('audit');
    expect(all.code).toBe(0);
    const [header, ...rows] = all.out.split('\n');
    expect(header).toMatch(/^at \(UTC\)\s+actor\s+action\s+subject\s+records$/);
    expect(rows.at(-1)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+admin:\S+\s+AM orders listed\s+0$/);
    const json = await cli.run('audit', '--json');
    const parsed = JSON.parse(json.out) as Omit<AuditRow, 'id'>[];
    expect(parsed).toHaveLength(rows.length);
    expect(parsed.at(-1)).toMatchObject({ action: 'AM orders listed', records: 0 });
    // The entries are written at the database's time (now): none since tomorrow, all since yesterday.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect((await cli.run('audit', '--since', day(2))).out).toMatch(/^no audit entries since /);
    expect(JSON.parse((await cli.run('audit', '--since', day(-2), '--json')).out)).toHaveLength(rows.length);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect(JSON.parse((await cli.run('audit', '--since', later, '--json')).out)).toEqual([]);
    for (const bad of ['yesterday', '2026-13-01', '2026-11-01T25:00']) {
      const run = await cli.run('audit', '--since', bad);
      expect(run.code).toBe(2);
      expect(run.err).toContain('--since must be');
    }
  });

  it('offers no way to erase the trail', async () => {
    expect(helpText()).toMatch(/\n {2}audit\s+the audit trail/);
    expect(commands.filter((c) => /audit/.test(c.name)).map((c) => c.name)).toEqual(['audit']);
    for (const flag of ['--delete', '--clear', '--purge'])
      expect((await cli.run('audit', flag)).code).toBe(2);
  });
});

describe('the audit trail of backups and restores', () => {
  const dirs: string[] = [];
  const tempDir = async (name: string) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), `audit-${name}-`));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  const standalone = (dataDir: string) => (): StandaloneContext => ({
    config: loadConfig({ DATA_DIR: dataDir }),
    out: () => {},
    note: () => {},
  });
  const run = (argv: string[], dataDir: string) => {
    const err: string[] = [];
    return runCli(
      argv,
      () => Promise.reject(new Error('standalone commands open the store themselves')),
      { out: () => {}, err: (line) => err.push(line) },
      standalone(dataDir),
    ).then((code) => ({ code, err: err.join('\n') }));
  };
  const trailOf = async (dataDir: string) => {
    const embedded = await openEmbeddedDatabase(dataDirLayout(dataDir).pglite);
    try {
      return await readAudit(embedded.db);
    } finally {
      await embedded.db.destroy();
    }
  };

  it('writes the backup into the store it was made of, and the restore into the restored store', async () => {
    const store = await tempDir('store');
    const archive = path.join(await tempDir('archives'), 'store.tar');
    const backup = await run(['backup', archive], store);
    expect(backup).toEqual({ code: 0, err: '' });
    expect(await trailOf(store)).toMatchObject([
      { actor: expect.stringMatching(/^admin:/), action: 'backup written', subject: archive, records: 0 },
    ]);

    const restoredDir = path.join(await tempDir('restored'), 'data');
    const restored = await run(['restore', archive], restoredDir);
    expect(restored).toEqual({ code: 0, err: '' });
    // The restored store's trail is the archive's (made before its backup's entry) and the restore's.
    expect(await trailOf(restoredDir)).toMatchObject([
      { actor: expect.stringMatching(/^admin:/), action: 'backup restored', subject: archive, records: 0 },
    ]);
  }, 60_000);
});
