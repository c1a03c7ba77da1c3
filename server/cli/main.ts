// The admin command line: `npm run admin -- <command>` (`help` lists the commands). Wiring only: the commands
// live in ./commands.ts and the modules it lists.

import path from 'node:path';
import { loadConfig } from '../config';
import { migrate, openDatabase } from '../db/database';
import { openObjectStore } from '../storage/open-store';
import type { CliContext } from './args';
import { runCli } from './commands';

// A progress line is rewritten in place on a terminal; elsewhere (logs, pipes) each one is its own line.
let progressShown = false;
function note(line: string, options: { progress?: boolean } = {}): void {
  const tty = process.stderr.isTTY;
  if (options.progress && tty) {
    process.stderr.write(`\r\x1b[K${line}`);
    progressShown = true;
    return;
  }
  if (progressShown) process.stderr.write('\n');
  progressShown = false;
  process.stderr.write(`${line}\n`);
}

const out = (line: string) => {
  if (progressShown) process.stderr.write('\n');
  progressShown = false;
  console.log(line);
};

process.exitCode = await runCli(
  process.argv.slice(2),
  async () => {
    const config = loadConfig();
    const db = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'pglite'),
    });
    const applied = await migrate(db);
    if (applied.length) out(`applied migrations: ${applied.join(', ')}`);
    const ctx: CliContext = {
      db,
      store: await openObjectStore(config),
      now: () => new Date(),
      paymentGateway: config.paymentGateway,
      retentionDays: config.retentionDays,
      out,
      note,
    };
    return { ctx, close: () => db.destroy() };
  },
  { out, err: (line) => note(line) },
);
