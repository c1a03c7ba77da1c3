// Real processes for tests of what crosses process boundaries: the store (server/main.ts), the admin command line
// and workers, each started with node and tsx on a DATA_DIR of the test's own. Tests only.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/free-port';

/** The flags of a plain on-sale event for `create-event <key> …` in tests (its organiser told runners of face search). */
export const EVENT_FLAGS = [
  '--runners-informed',
  '--title',
  'A test event',
  '--date',
  '2026-12-01',
  '--province',
  'Bangkok',
  '--sale-start',
  '2026-11-01T00:00:00Z',
  '--sale-end',
  '2099-01-01T00:00:00Z',
];

export function tempDataDir(prefix = 'runfoto-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A folder holding a minimal built shell, so the store never starts a build in tests. */
export function fakeDist(): string {
  const dir = tempDataDir('dist-');
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>RunFoto</title>');
  return dir;
}

const baseEnv = (env: Record<string, string>) => ({
  ...process.env,
  HOST: '127.0.0.1',
  FACE_WORKERS: '0',
  DEMO_DATA: 'off',
  // A test's stop need not wait for a load balancer (the drain's own tests set it).
  DRAIN_SECONDS: '0',
  ...env,
});

export interface StoreProcess {
  base: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, then the exit (at most 20 s). */
  stop(): Promise<void>;
  /** SIGKILL, then the exit. */
  kill(): Promise<void>;
}

const exited = (child: ChildProcess, ms: number) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(resolve, ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Starts server/main.ts and waits until it listens (its "storefront on" line, after the demo data when seeded), on
 * env.PORT when given (a restart on the same origin), else on a free port.
 */
export async function startStoreProcess(env: Record<string, string>, waitMs = 90_000): Promise<StoreProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: baseEnv({ PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`store did not start in ${waitMs} ms:\n${output}`)),
      waitMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('storefront on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`store exited (${code}) before listening:\n${output}`));
    });
  });
  await listening;
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited(child, 20_000);
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited(child, 20_000);
    },
  };
}

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** SIGKILL, then the exit. */
  kill(): Promise<void>;
}

/** Starts `npm run worker`'s entry (server/worker.ts) and waits until it runs jobs. */
export function startWorkerProcess(env: Record<string, string>, waitMs = 60_000): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], {
    env: baseEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), waitMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('running jobs on')) {
        clearTimeout(timer);
        resolve({
          child,
          output: () => output,
          async kill() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
            await exited(child, 20_000);
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  });
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a node entry (e.g. server/cli/main.ts) to its end. */
export function runNode(
  entry: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
      env: baseEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr?.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
