// The admin command line: `npm run admin -- <command>`. Later issues add events, photos and orders commands.
import path from 'node:path';
import { loadConfig } from '../config';
import { type Db, migrate, openDatabase } from '../db/database';
import { countEvents } from '../db/events-repo';
import { seedDemoData } from '../services/demo-data';
import { openObjectStore } from '../storage/open-store';
import { listEventsTable } from './list-events';

interface Command {
  summary: string;
  run(db: Db, args: string[]): Promise<void>;
}

const config = loadConfig();

const commands: Record<string, Command> = {
  migrate: {
    summary: 'bring the database schema up to date',
    async run() {
      // Migrations already ran when the database was opened below; report the state.
      console.log('database schema is up to date');
    },
  },
  'seed-demo': {
    summary: 'create the demo events (only on a database with no events)',
    async run(db) {
      const existing = await countEvents(db);
      if (existing > 0) {
        console.log(`the database already has ${existing} events: demo data not added`);
        return;
      }
      console.log(`created ${await seedDemoData(db, await openObjectStore(config), new Date())} demo events`);
    },
  },
  'list-events': {
    summary: 'list every event with its sale window',
    async run(db) {
      console.log(await listEventsTable(db, new Date()));
    },
  },
};

function help(): void {
  console.log('usage: npm run admin -- <command>\n\ncommands:');
  for (const [name, command] of Object.entries(commands))
    console.log(`  ${name.padEnd(14)} ${command.summary}`);
  console.log('  help           show this list');
}

const [name, ...args] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  help();
  process.exit(name && name !== 'help' ? 2 : 0);
}

const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
});
try {
  const applied = await migrate(db);
  if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
  await command.run(db, args);
} finally {
  await db.destroy();
}
