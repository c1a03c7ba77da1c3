// A process's own periodic chore (the purges of selfies and of unfinished uploads): every so often, never two runs
// at once, a failure logged and tried again at the next turn; the timer never keeps the process alive.
import { log } from '../ops/log';

/** Runs `task` every `intervalMs` in this process; returns the stop function. */
export function runEvery(intervalMs: number, what: string, task: () => Promise<unknown>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error) => log.error(`${what} failed`, { err: error }))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
