// Small pieces the browser benchmarks share: a free loopback port, the median, rounding, waiting for a probe, the
// store started as playwright.config.ts starts it, Chromium launched with the flags this machine needs, a face
// search through the API, and how busy a process is.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { type Browser, chromium } from '@playwright/test';
import { TEST_CONSENT } from '../server/test/consent';
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

/**
 * One face search of `event` through the API, as the PWA makes it (sign, PUT, search): the photos found, -1 when
 * refused.
 */
export async function demoSearch(base: string, event: string, selfie: Uint8Array): Promise<number> {
  const post = (p: string, body: unknown) =>
    fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  const signed = await post('/api/v2/facesearch/sign', {
    event_key: event,
    file_name: 'selfie.jpg',
    file_type: 'image/jpg',
    consent: TEST_CONSENT,
  });
  if (typeof signed.url !== 'string') return -1;
  await fetch(new URL(signed.url, base), {
    method: 'PUT',
    headers: { 'content-type': 'image/jpg' },
    body: new Uint8Array(selfie),
  });
  const answer = await post('/api/v2/facesearch', {
    search_id: signed.search_id,
    file_location: signed.file_location,
    event_key: event,
  });
  return answer.status === 'success' ? Number(answer.image_length) : -1;
}

/** The share of one core a process (all its threads) used over `ms`, from /proc (Linux). */
export async function cpuShare(pid: number, ms: number): Promise<number> {
  const ticks = async () => {
    const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (100 per second)
  };
  const before = await ticks();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return ((await ticks()) - before) / 100 / (ms / 1000);
}
