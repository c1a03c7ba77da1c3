// A hostile run against the real store (npm start's entry) on loopback: N generated requests over every call of
// SPEC §7 (tests/hostile-requests.ts: the calls' fields with odd values, malformed bodies, wrong content types),
// sent over HTTP by a few concurrent clients. Reports the answers by status (any 5xx is a defect), whether the
// process stayed up, and its memory (RSS) before, at its peak and after. Prints one JSON line.
//   node --import tsx bench/hostile-run.ts [--requests 5000] [--concurrency 8] [--seed 20261124]
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { hostileRequest } from '../tests/hostile-requests';
import { round, startStore, waitFor } from './bench-kit';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '8' },
    seed: { type: 'string', default: '20261124' },
    dist: { type: 'string', default: process.env.DIST_DIR ?? 'dist' },
  },
});
const total = Number(values.requests);

/** The store's resident memory in MB (VmRSS), or undefined once it has exited. */
async function rssMb(pid: number): Promise<number | undefined> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kb = status ? Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]) : Number.NaN;
  return Number.isFinite(kb) ? kb / 1024 : undefined;
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-hostile-'));
const store = await startStore({
  DATA_DIR: path.join(dir, 'data'),
  DIST_DIR: values.dist,
  FACE_WORKERS: '0',
});
const pid = store.process.pid ?? 0;
try {
  await waitFor(
    'the store',
    async () => ((await fetch(`${store.base}/api/v1/events/soon`)).ok ? true : undefined),
    120_000,
  );
  const samples = fc.sample(hostileRequest, { numRuns: total, seed: Number(values.seed) });
  const before = (await rssMb(pid)) ?? 0;
  let peak = before;
  const statuses: Record<string, number> = {};
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < samples.length) {
      const sample = samples[next++];
      if (!sample) break;
      const { call, pathText, body, contentType, idempotencyKey } = sample;
      const url = `${store.base}${call.path.replace('{text}', pathText || 'x')}`;
      const headers: Record<string, string> = {};
      if (contentType) headers['content-type'] = contentType;
      if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
      try {
        const res = await fetch(url, {
          method: call.method,
          headers,
          ...(call.method !== 'GET' ? { body } : {}),
        });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        if (res.status >= 500)
          failures.push(`${res.status} ${call.method} ${call.path} ${body.slice(0, 120)}`);
      } catch (error) {
        statuses.network = (statuses.network ?? 0) + 1;
        failures.push(`network ${call.method} ${call.path}: ${(error as Error).message}`);
      }
      if (next % 200 === 0) peak = Math.max(peak, (await rssMb(pid)) ?? peak);
    }
  };
  await Promise.all(Array.from({ length: Number(values.concurrency) }, client));
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const after = await rssMb(pid);
  console.log(
    JSON.stringify({
      hostile_run: {
        requests: total,
        seed: Number(values.seed),
        concurrency: Number(values.concurrency),
        seconds: round(seconds),
        by_status: statuses,
        server_errors: failures.length,
        first_failures: failures.slice(0, 5),
        process_up: after !== undefined && store.process.exitCode === null,
        rss_mb: { before: round(before), peak: round(Math.max(peak, after ?? 0)), after: round(after ?? 0) },
      },
    }),
  );
} finally {
  await store.stop();
  await fs.rm(dir, { recursive: true, force: true });
}
