// The dispatcher: help, unknown commands, argument errors before the database opens, failures without stacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { openTestCli, type TestCli } from './cli-fixture';
import { commands, helpText } from './commands';

describe('admin CLI dispatch', () => {
  let cli: TestCli;
  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
  }, 60_000);
  afterAll(() => cli.close());

  it('help lists every command with a summary and its arguments', async () => {
    const run = await cli.run('help');
    expect(run.code).toBe(0);
    expect(run.opened).toBe(false);
    for (const name of [
      'migrate',
      'seed-demo',
      'list-events',
      'create-event',
      'update-event',
      'set-packages',
      'add-stage',
      'set-wholesale-packages',
      'create-team',
      'add-banner',
      'import-photos',
      'list-am-orders',
      'approve-am-order',
      'mark-paid',
    ]) {
      expect(commands.map((c) => c.name)).toContain(name);
      expect(run.out).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
    }
    expect(run.out).toContain(
      'import-photos <event_key> <folder> [--photographer N] [--stage ID] [--highlight]',
    );
    expect((await cli.run()).out).toBe(helpText());
  });

  it('help for one command shows its arguments', async () => {
    const run = await cli.run('help', 'mark-paid');
    expect(run).toMatchObject({ code: 0, opened: false });
    expect(run.out).toContain('usage: npm run admin -- mark-paid <order_uuid> --ref REF [--note TEXT]');
    expect((await cli.run('set-packages', '--help')).out).toContain(
      'set-packages <event_key> <photos=price>',
    );
    expect((await cli.run('help', 'nope')).code).toBe(2);
  });

  it('an unknown command prints help and exits 2', async () => {
    const run = await cli.run('frobnicate', 'x');
    expect(run).toMatchObject({ code: 2, opened: false, out: '' });
    expect(run.err).toContain('unknown command "frobnicate"');
    expect(run.err).toContain('commands:');
  });

  it('bad arguments exit 2 with a message and the usage, before the database is opened', async () => {
    const unknownFlag = await cli.run('list-events', '--colour');
    expect(unknownFlag).toMatchObject({ code: 2, opened: false });
    expect(unknownFlag.err).toBe(
      "error: list-events: Unknown option '--colour'.\nusage: npm run admin -- list-events",
    );
    const missing = await cli.run('import-photos', 'some-event');
    expect(missing).toMatchObject({ code: 2, opened: false });
    expect(missing.err).toContain('import-photos: missing <folder>');
    const extra = await cli.run('migrate', 'now');
    expect(extra.err).toContain('migrate: unexpected argument "now"');
    for (const run of [unknownFlag, missing, extra]) expect(run.err).not.toMatch(/\n\s+at /);
  });

  it('a failing command exits 1 with its message and no stack trace', async () => {
    const run = await cli.run('approve-am-order', '00000000-0000-4000-8000-000000000000');
    expect(run).toMatchObject({ code: 1, opened: true });
    expect(run.err).toBe('error: no order 00000000-0000-4000-8000-000000000000');
  });

  it('migrate reports the schema is current', async () => {
    expect(await cli.run('migrate')).toMatchObject({ code: 0, out: 'database schema is up to date' });
  });
});
