// The stop of `npm start` and `npm run worker` on SIGTERM or SIGINT, within SHUTDOWN_SECONDS:
// 1. the stop begins (ops/lifecycle.ts): /readyz answers 503, held long polls answer now with the order as it is;
//    job loops and indexing take no new job and finish the one they hold;
// 2. the drain (DRAIN_SECONDS; the store's HTTP server only): a load balancer goes on sending requests until its
//    probes of /readyz have seen the 503, so for that long the server still takes connections and answers every
//    request, each answer closing its connection (a kept-alive client opens its next one, elsewhere once the
//    balancer has noticed). Connections kept alive from before are left open: one closed by the server as its client
//    sends on it would be a reset, a request lost;
// 3. the HTTP servers take no new connection; the requests in flight are answered, each closing its connection;
// 4. at the time left for closing (CLOSE_RESERVE_MS before the bound), what still runs is cut: open connections are
//    closed, and jobs still running are given back to the queue (the next process takes them at once, not after
//    their lease), the face workers end;
// 5. the database is closed (PGlite writes its files out), and the process exits (0).
// A second signal, or the bound itself, ends the process at once. An API process of several is told to stop by the
// primary (api-processes.ts) with a message, not a signal: a signal sent to the whole group (Ctrl-C, systemd) reaches
// it too, and the two are one stop.
import cluster from 'node:cluster';
import type { Server } from 'node:http';
import type { Db } from '../db/database';
import { handBackRunningJobs } from '../jobs/queue';
import type { Lifecycle } from './lifecycle';
import { log } from './log';

/** Kept at the end of the bound for giving jobs back and closing the database. */
export const CLOSE_RESERVE_MS = 3000;
const IDLE_SWEEP_MS = 200;

/** What the primary of several API processes sends each of them to stop it (api-processes.ts). */
export const STOP_MESSAGE = 'runfoto:stop';

export interface StoppingParts {
  lifecycle?: Lifecycle;
  /** HTTP servers to close (the store's, the metrics port's). */
  servers?: Server[];
  /**
   * How long the servers go on taking connections once the stop has begun (DRAIN_SECONDS, in ms), /readyz answering
   * 503 meanwhile; 0 or absent: they close at once. Kept within the bound, before CLOSE_RESERVE_MS.
   */
  drainMs?: number;
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

/**
 * The drain: `ms` of answering whatever arrives. Then one turn of the event loop's polling, so a connection the
 * kernel took while the loop was busy is accepted (and answered) before the listener closes, not reset with it.
 */
async function drain(ms: number): Promise<void> {
  await after(ms);
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Stops gracefully within `boundMs`; resolves whether everything ended in time. */
export async function stopGracefully(parts: StoppingParts, boundMs: number): Promise<boolean> {
  const started = Date.now();
  const left = () => boundMs - CLOSE_RESERVE_MS - (Date.now() - started);
  parts.before?.();
  parts.lifecycle?.begin();
  // The jobs are told first: the drain's seconds count for them too.
  const jobs = Promise.all((parts.jobs ?? []).map((stop) => stop()));
  // Its failure is met below, after the drain; until then it is not an unhandled rejection.
  jobs.catch(() => {});
  if (parts.drainMs && parts.drainMs > 0) await drain(Math.min(parts.drainMs, left()));
  const servers = (parts.servers ?? []).map(closeServer);
  const drained = await Promise.race([
    Promise.all([...servers, jobs]).then(() => 'done' as const),
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

/** Stops on SIGTERM or SIGINT (or the primary's STOP_MESSAGE), within `seconds`, and exits. */
export function stopOnSignals(parts: StoppingParts, seconds: number, what: string): void {
  let stopping = false;
  let signalled = false;
  const stop = (why: string) => {
    stopping = true;
    log.info(`${what}: ${why}, stopping (at most ${seconds} s)`);
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
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      log.warn(`${what}: ${signal} again, exiting now`);
      process.exit(1);
    }
    signalled = true;
    if (!stopping) stop(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  // Only an API process of several has a primary to hear from.
  if (cluster.isWorker)
    process.on('message', (message: unknown) => {
      if (message === STOP_MESSAGE && !stopping) stop('told to stop by the primary');
    });
}
