// The stop of `npm start` and `npm run worker` on SIGTERM or SIGINT (issue 38), within SHUTDOWN_SECONDS:
// 1. the stop begins (ops/lifecycle.ts): /readyz answers 503, held long polls answer now with the order as it is;
// 2. the HTTP server takes no new connection; the requests in flight are answered, each closing its connection;
//    job loops and indexing take no new job and finish the one they hold;
// 3. at the time left for closing (CLOSE_RESERVE_MS before the bound), what still runs is cut: open connections are
//    closed, and jobs still running are given back to the queue (the next process takes them at once, not after
//    their lease), the face workers end;
// 4. the database is closed (PGlite writes its files out), and the process exits (0).
// A second signal, or the bound itself, ends the process at once.
import type { Server } from 'node:http';
import type { Db } from '../db/database';
import { handBackRunningJobs } from '../jobs/queue';
import type { Lifecycle } from './lifecycle';
import { log } from './log';

/** Kept at the end of the bound for giving jobs back and closing the database. */
export const CLOSE_RESERVE_MS = 3000;
const IDLE_SWEEP_MS = 200;

export interface StoppingParts {
  lifecycle?: Lifecycle;
  /** HTTP servers to close (the store's, the metrics port's). */
  servers?: Server[];
  /** What takes jobs: the job runner's loops, the indexing loops. Each resolves once its current job is done. */
  jobs?: (() => Promise<void>)[];
  /** The database jobs are given back in. */
  db?: Db;
  /** Closes the rest (face workers, the database); `abandon` when jobs were given back unfinished. */
  close: (abandon: boolean) => Promise<void>;
  /** Timers and the like, stopped first. */
  before?: () => void;
}

const after = (ms: number) =>
  new Promise<'late'>((resolve) => {
    const timer = setTimeout(() => resolve('late'), Math.max(0, ms));
    timer.unref();
  });

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Kept-alive connections with no request in flight are closed at once, and again as more become idle.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    server.once('close', () => clearInterval(sweep));
  });
}

/** Stops gracefully within `boundMs`; resolves whether everything ended in time. */
export async function stopGracefully(parts: StoppingParts, boundMs: number): Promise<boolean> {
  const started = Date.now();
  const left = () => boundMs - CLOSE_RESERVE_MS - (Date.now() - started);
  parts.before?.();
  parts.lifecycle?.begin();
  const servers = (parts.servers ?? []).map(closeServer);
  const jobs = (parts.jobs ?? []).map((stop) => stop());
  const drained = await Promise.race([
    Promise.all([...servers, ...jobs]).then(() => 'done' as const),
    after(left()),
  ]);
  let inTime = drained === 'done';
  if (!inTime) {
    for (const server of parts.servers ?? []) server.closeAllConnections();
    if (parts.db) {
      const given = await Promise.race([handBackRunningJobs(parts.db), after(1000)]);
      if (typeof given === 'number' && given > 0)
        log.warn(`stopping: gave back ${given} running jobs to the queue`, { jobs: given });
    }
  }
  const closed = await Promise.race([
    parts.close(!inTime).then(() => 'done' as const),
    after(boundMs - (Date.now() - started) - 200),
  ]);
  if (closed !== 'done') inTime = false;
  return inTime;
}

/** Stops on SIGTERM or SIGINT, within `seconds`, and exits. */
export function stopOnSignals(parts: StoppingParts, seconds: number, what: string): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${what}: ${signal} again, exiting now`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${what}: ${signal}, stopping (at most ${seconds} s)`);
    const bound = setTimeout(() => {
      log.error(`${what}: not stopped within ${seconds} s, exiting`);
      process.exit(1);
    }, seconds * 1000);
    bound.unref();
    void stopGracefully(parts, seconds * 1000).then(
      (inTime) => {
        log.info(inTime ? `${what}: stopped` : `${what}: stopped, what was still running given back`);
        process.exit(0);
      },
      (error: unknown) => {
        log.error(`${what}: stopping failed`, { err: error });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
