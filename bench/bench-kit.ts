// Small pieces the browser benchmarks share: a free loopback port, the median, rounding, waiting for a probe, the
// store started as playwright.config.ts starts it, and Chromium launched with the flags this machine needs.
import { type ChildProcess, spawn } from 'node:child_process';
import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium';
import { freePort } from '../tests/free-port';

export { freePort };

export const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
export const round = (x: number) => Math.round(x);
/** The p-th percentile (nearest rank) of numbers sorted ascending; 0 for none. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 2000));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

export interface BenchStore {
  base: string;
  process: ChildProcess;
  /** Stops the store and waits (at most 10 s) for it to exit. */
  stop(): Promise<void>;
}

/**
 * The store (server/main.ts) on a free loopback port with this environment added. BENCH_STORE_NODE_OPTIONS, when
 * set, are the store's NODE_OPTIONS only (to profile it under load: `--cpu-prof --cpu-prof-dir=...`).
 */
export async function startStore(env: Record<string, string>, cwd?: string): Promise<BenchStore> {
  const port = await freePort();
  const storeOptions = process.env.BENCH_STORE_NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    ...(cwd ? { cwd } : {}),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ...(storeOptions ? { NODE_OPTIONS: storeOptions } : {}),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const kill = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', kill);
  return {
    base: `http://127.0.0.1:${port}`,
    process: child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      kill();
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    },
  };
}
