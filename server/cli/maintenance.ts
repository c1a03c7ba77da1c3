// Admin commands that set up a database: migrate, and the demo data of an empty one.
import { countEvents } from '../db/events-repo';
import { seedDemo } from '../services/demo-data';
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
    const existing = await countEvents(ctx.db);
    if (existing > 0) {
      ctx.out(`the database already has ${existing} events: demo data not added`);
      return;
    }
    const started = Date.now();
    const made = await seedDemo(ctx.db, ctx.store, ctx.now());
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    ctx.out(
      `created ${made.events} demo events with ${made.photos} photos, ${made.teams} team and ` +
        `${made.banners} banners in ${seconds} s`,
    );
  },
});

export const maintenanceCommands: Command[] = [migrate, seedDemoCommand];
