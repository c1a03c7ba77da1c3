// Several API processes behind one port (API_PROCESSES=2, node:cluster) on PostgreSQL, with no sticky state: every
// call below goes on a connection of its own, so the primary hands them to either process. The rate limits count
// together (a per-process count would let twice the burst through), an order sent twice under one key is one order,
// a payment made through one process is seen by the other's long poll, a killed process is started again while the
// port keeps answering, the primary's metrics port listens on loopback only, and a SIGTERM to the whole group (as
// Ctrl-C and systemd send it) drains every process: what arrives meanwhile is answered, none reset, none refused.
// Real processes; needs TEST_DATABASE_URL (skipped without it).
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/free-port';
import { DEMO_APP_TOKEN } from './config';
import { freshPostgresDatabase } from './db/test-databases';
import { IDEMPOTENCY_HEADER } from './routes/order';
import { TEST_CONSENT } from './test/consent';
import { fakeDist, type StoreProcess, startStoreProcess, tempDataDir } from './test/processes';
import { failedBetween, streamRequests } from './test/request-stream';

const STAGE = 'phuket-beach-run-2026';
const serverUrl = process.env.TEST_DATABASE_URL;
const DRAIN_SECONDS = 3;

/** One call on a new connection (no keep-alive): its status and JSON answer. */
function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(path, base),
      { method, agent: false, headers: { connection: 'close', ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => {
          text += chunk;
        });
        response.on('end', () => {
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            // an HTML page (the sandbox's)
          }
          resolve({ status: response.statusCode ?? 0, json });
        });
      },
    );
    request.on('error', reject);
    request.setTimeout(20_000, () => request.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    request.end(body);
  });
}
const postJson = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(base, 'POST', path, JSON.stringify(body), { 'content-type': 'application/json', ...headers });

/** The API processes the primary runs: its children running the store's entry (Linux: read from /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces and brackets, so read after its last ")".
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      // Only the API processes (other helpers a loaded machine may show under it are not counted).
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === pid && command.includes('server/main.ts')) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined> | T | undefined, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await sleep(200);
  }
}

describe.runIf(serverUrl)('several API processes behind one port (PostgreSQL)', () => {
  const dataDir = tempDataDir();
  let database: { url: string; drop(): Promise<void> } | undefined;
  let store: StoreProcess | undefined;
  let base = '';
  let metricsPort = 0;

  beforeAll(async () => {
    database = await freshPostgresDatabase(serverUrl ?? '');
    metricsPort = await freePort();
    store = await startStoreProcess(
      {
        DATA_DIR: dataDir,
        DIST_DIR: fakeDist(),
        DATABASE_URL: database.url,
        API_PROCESSES: '2',
        DEMO_DATA: 'auto',
        FACE_WORKERS: '0',
        SELFIE_WORKERS: '0',
        METRICS_PORT: String(metricsPort),
        DRAIN_SECONDS: String(DRAIN_SECONDS),
        // Every address of the machine; the metrics port must stay on loopback all the same.
        HOST: '0.0.0.0',
      },
      180_000,
    );
    base = store.base;
    const primary = store.child.pid ?? 0;
    // Both processes listening (on a loaded machine the second may start well after the first).
    const both = () =>
      childrenOf(primary).length === 2 && (store?.output().match(/storefront on/g) ?? []).length >= 2;
    await until(() => (both() ? true : undefined), 180_000).catch((error: unknown) => {
      throw new Error(`${error}: children ${childrenOf(primary).join(', ')}; output:\n${store?.output()}`);
    });
  }, 420_000);

  afterAll(async () => {
    await store?.stop();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('counts a client’s rate limit across the processes', async () => {
    // A burst of 10 signings per client: 14 over fresh connections get 10 answers and 4 refusals, although either
    // process alone saw about 7.
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const signed = await postJson(base, '/api/v2/facesearch/sign', {
        event_key: 'no-such-event',
        file_name: 'a.jpg',
        file_type: 'image/jpeg',
        consent: TEST_CONSENT,
      });
      statuses.push(signed.status);
    }
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('adds up both processes’ metrics on the primary’s metrics port', async () => {
    // The 14 signings above went to either process: the sum says 10 answered and none lost.
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const line = text
      .split('\n')
      .find(
        (l) =>
          l.startsWith('storefront_http_requests_total{') &&
          l.includes('route="/api/v2/facesearch/sign"') &&
          l.includes('status="404"'),
      );
    expect(line, text.slice(0, 2000)).toBeDefined();
    expect(Number(line?.split(' ').at(-1))).toBe(10);
  });

  it('serves the metrics port on loopback only, though the store listens on every address', async () => {
    // 127.0.0.2 is another address of this machine (all of 127/8 is loopback on Linux).
    const connects = (host: string, port: number) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, host);
        socket.once('connect', () => {
          socket.destroy();
          resolve('taken');
        });
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      });
    expect(await connects('127.0.0.2', Number(new URL(base).port))).toBe('taken');
    expect(await connects('127.0.0.2', metricsPort)).toBe('ECONNREFUSED');
    expect(await connects('127.0.0.1', metricsPort)).toBe('taken');
  });

  it('makes one order of one key sent to both, and a payment through one wakes the other’s long poll', async () => {
    const event = await call(base, 'GET', `/api/v1/events/${STAGE}`);
    const eventId = (event.json.body as { event_id: number }).event_id;
    const stage = await postJson(base, '/api/v1/imagestage/pagination', {
      event_id: eventId,
      event_key: STAGE,
      page: 1,
      page_size: 2,
    });
    const photos = (stage.json.body as { id: number }[]).map((p) => ({ id: p.id }));
    const order = {
      mobile: '0812345678',
      event_key: STAGE,
      amount: '126.00',
      imageList: photos,
      payment_channel: 'PP',
    };
    const key = `two-processes-${Date.now()}`;
    const [first, second] = await Promise.all([
      postJson(base, '/api/v1/order/create', order, { [IDEMPOTENCY_HEADER]: key }),
      postJson(base, '/api/v1/order/create', order, { [IDEMPOTENCY_HEADER]: key }),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const uuid = first.json.uuid as string;
    expect(second.json.uuid).toBe(uuid);

    const inquiry = (extra: object = {}) =>
      postJson(base, '/api/v3/order/inquiry', { tk: DEMO_APP_TOKEN, order_uuid: uuid, ...extra });
    const open = await inquiry();
    expect(open.json.payment_status).toBe('INITIAL');
    // The page's long poll waits up to 25 s for a change; the payment goes through whichever process takes it.
    const started = Date.now();
    const waiting = inquiry({ wait: 25, known: open.json.state_token });
    await sleep(500);
    const paid = await call(base, 'POST', `/api/sandbox/pay/${uuid}`, 'action=pay', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(paid.status).toBe(200);
    const woken = await waiting;
    expect(woken.json.payment_status).toBe('PAID');
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 60_000);

  it('starts a killed process again while the port keeps answering', async () => {
    const primary = store?.child.pid ?? 0;
    const [victim] = childrenOf(primary);
    expect(victim).toBeDefined();
    process.kill(victim ?? 0, 'SIGKILL');
    // A connection handed to the process as it died is lost with it (its client tries again); once the primary
    // has seen the end, every call is answered, by the other process while the new one starts.
    await until(() => (store?.output().includes(`API process ${victim} ended`) ? true : undefined), 10_000);
    for (let i = 0; i < 10; i++) {
      expect((await call(base, 'GET', `/api/v1/events/${STAGE}`)).status).toBe(200);
    }
    const again = await until(() => {
      const children = childrenOf(primary);
      return children.length === 2 && !children.includes(victim ?? 0) ? children : undefined;
    }, 30_000);
    expect(again).toHaveLength(2);
    expect(store?.output()).toMatch(
      new RegExp(`API process ${victim} ended \\(SIGKILL\\): starting another`),
    );
  }, 60_000);

  it('drains every process on a SIGTERM to the whole group, then exits 0', async () => {
    const running = store as StoreProcess;
    const child = running.child;
    const primary = child.pid ?? 0;
    const processes = childrenOf(primary);
    expect(processes).toHaveLength(2);
    // Both listening (the one started again above may still be starting).
    const listening = (pid: number) =>
      running
        .output()
        .split('\n')
        .some((line) => line.includes(`"pid":${pid},`) && line.includes('storefront on'));
    await until(() => (processes.every(listening) ? true : undefined), 60_000);
    const stream = streamRequests(base, {
      newEveryMs: 40,
      keptClients: 3,
      keptPauseMs: 20,
      request: (i) => ({ method: 'GET', path: i % 2 ? '/healthz' : `/api/v1/events/${STAGE}` }),
    });
    await sleep(300);
    // Its end and its output's (the processes write into the same pipe).
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
    const streamFrom = Date.now() - 300;
    const stoppedAt = Date.now();
    // As systemd (KillMode=control-group) and a terminal's Ctrl-C do: the primary and its processes at once.
    for (const pid of [primary, ...processes]) process.kill(pid, 'SIGTERM');
    await sleep(500);
    const drainEnd = stoppedAt + DRAIN_SECONDS * 1000 - 800;
    const probes: (number | string)[] = [];
    while (Date.now() < drainEnd) {
      probes.push(await call(base, 'GET', '/readyz').then((r) => r.status, String));
      await sleep(200);
    }
    const streamed = await stream.stop();
    const code = await exited;
    const stopMs = Date.now() - stoppedAt;
    store = undefined;

    expect(code).toBe(0);
    expect(stopMs).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    expect(new Set(probes)).toEqual(new Set([503]));
    const failed = failedBetween(streamed, streamFrom, drainEnd);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    const during = streamed.filter((r) => r.at >= stoppedAt && r.at < drainEnd);
    expect(during.filter((r) => r.kind === 'new').length).toBeGreaterThan(10);
    expect(during.some((r) => r.kind === 'kept' && r.reused)).toBe(true);
    // Each process took the group's signal and the primary's word as one stop.
    expect(running.output()).not.toContain('again, exiting now');
    expect(running.output().match(/store: stopped/g)).toHaveLength(2);
  }, 60_000);
});
