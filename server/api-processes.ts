// Several API processes behind one port (API_PROCESSES, node:cluster). The primary has already prepared what must
// happen once (the build, migrations, the signing secret, the demo data) and forks the processes, which share the
// port (the primary hands out connections in turn); one that dies is started again. No process keeps anything
// another needs: PostgreSQL holds the state, the rate limits' counts and the job queue; each process's face
// matrices follow the faces table (a check for newer faces every 2 s); the order page's long poll re-reads the
// order; the object store is shared (S3, or DATA_DIR on this machine).
import cluster, { type Worker } from 'node:cluster';
import { log } from './ops/log';
import { STOP_MESSAGE } from './ops/shutdown';

/** A process that ends sooner than this after its start is started again only after RESTART_PAUSE_MS. */
const QUICK_EXIT_MS = 10_000;
const RESTART_PAUSE_MS = 5_000;

/**
 * Starts `count` API processes and keeps them running; on SIGTERM or SIGINT each is told to stop (ops/shutdown.ts:
 * each drains, answering what still comes, while the primary keeps the port open for them) and the primary exits when
 * they have, or after `shutdownSeconds` and a second more.
 */
export function runApiProcesses(
  count: number,
  shutdownSeconds: number,
  say: (line: string) => void = (line) => log.info(line),
): void {
  const startedAt = new Map<number, number>();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) return;
    const quick = lived < QUICK_EXIT_MS;
    say(
      `API process ${worker.process.pid} ended (${signal ?? `code ${code}`}): starting another${quick ? ` in ${RESTART_PAUSE_MS / 1000} s` : ''}`,
    );
    setTimeout(fork, quick ? RESTART_PAUSE_MS : 0);
  });
  for (let i = 0; i < count; i++) fork();
  say(`${count} API processes share the port`);

  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const ended = workers.map((w) => new Promise((resolve) => w.once('exit', resolve)));
    // A message, not a signal: the same signal sent to the whole group (Ctrl-C, systemd) reaches them too, and a
    // second signal would end a process at once, in the middle of its drain (ops/shutdown.ts).
    for (const w of workers) {
      const signal = () => w.process.kill('SIGTERM');
      if (w.isConnected()) w.send(STOP_MESSAGE, undefined, undefined, (error) => error && signal());
      else signal();
    }
    const timeout = new Promise((resolve) => setTimeout(resolve, shutdownSeconds * 1000 + 1000));
    void Promise.race([Promise.all(ended), timeout]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
