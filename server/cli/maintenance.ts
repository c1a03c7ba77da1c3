// Admin commands that set up a database: migrate, and the demo data of an empty one.
import { countEvents } from '../db/events-repo';
import { describeSeeding, ensureDemoData } from '../services/demo-seeding';
import { type Command, command, noExtra, parseCommand } from './args';

const noArgs = (name: string) => (argv: string[]) =>
  noExtra(name, parseCommand(name, argv, {}, []).positionals, 0);

const migrate = command({
  name: 'migrate',
  summary: 'bring the database schema up to date',
  parse: noArgs('migrate'),
  async run(ctx) {
    // Migrations run whenever the CLI opens the database; by now the schema is current.
    ctx.out('database schema is up to date');
  },
});

const seedDemoCommand = command({
  name: 'seed-demo',
  summary: 'create the demo events, photos, team and banners (only on a database with no events)',
  parse: noArgs('seed-demo'),
  async run(ctx) {
    const started = Date.now();
    const outcome = await ensureDemoData(ctx.db, ctx.store, ctx.now());
    if ('skipped' in outcome) {
      ctx.out(
        outcome.skipped === 'done before'
          ? 'the demo data is already there: nothing added'
          : `the database already has events of its own (${await countEvents(ctx.db)}): demo data not added`,
      );
      return;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    ctx.out(`${describeSeeding(outcome)} in ${seconds} s`);
  },
});

export const maintenanceCommands: Command[] = [migrate, seedDemoCommand];
