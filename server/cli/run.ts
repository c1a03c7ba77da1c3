// The admin command line's work, loaded by ./main.ts once the process has its priority. Wiring only: the commands
// live in ./commands.ts and the modules it lists.

import { loadConfig } from '../config';
import { openClientDatabase } from '../db/open-for-role';
import { storeAddress } from '../ops/store-address';
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

const code = await runCli(
  process.argv.slice(2),
  async () => {
    const config = loadConfig();
    const database = await openClientDatabase(config, 'admin');
    const { db } = database;
    const ctx: CliContext = {
      db,
      store: await openObjectStore(config),
      now: () => new Date(),
      paymentGateway: config.paymentGateway,
      // Where the running store is reached (the port it listens on, not this process's PORT).
      publicBaseUrl: await storeAddress(config, db),
      retentionDays: config.retentionDays,
      out,
      note,
    };
    return { ctx, close: () => database.close() };
  },
  { out, err: (line) => note(line) },
  () => ({ config: loadConfig(), out, note }),
);
// Exit now: a store that stopped answering may leave a connection that would keep the process waiting.
process.exit(code);
