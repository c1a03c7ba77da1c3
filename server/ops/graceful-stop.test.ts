// A store told to stop (SIGTERM, as systemd, Docker and Kubernetes do) while runners create and pay
// orders, a buyer's order page holds its long poll, photos are being indexed, and a load balancer goes on sending
// requests. /readyz answers 503 at once; for DRAIN_SECONDS every request that still arrives, on a new connection or
// one kept alive from before, is answered (none reset, none refused), each closing its connection; then it stops
// within SHUTDOWN_SECONDS with exit code 0; the held poll is answered at once; every order it answered is there after
// the restart, each whole, paid ones paid; the orders it did not answer are made once when their phones send again
// with the same key; no job is left running under a dead process; and the restarted store goes on indexing. Its
// METRICS_PORT (no token) listens on loopback only, though the store listens on every address (HOST=0.0.0.0).
import fs from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/free-port';
import { DEMO_APP_TOKEN } from '../config';
import { openClientDatabase } from '../db/open-for-role';
import { IDEMPOTENCY_HEADER } from '../routes/order';
import { fakeDist, type StoreProcess, startStoreProcess, tempDataDir } from '../test/processes';
import { failedBetween, type StreamedRequest, streamRequests } from '../test/request-stream';
import { stagePhotos } from '../test/stage-photos';

const STAGE = 'phuket-beach-run-2026';
const RUSH = 40;
const SHUTDOWN_SECONDS = 15;
const DRAIN_SECONDS = 3;
/** The stream of requests goes on until this long before the drain's end (a loaded machine's lag). */
const DRAIN_MARGIN_MS = 800;
/** The signal is surely handled this long after it is sent. */
const HANDLED_MS = 500;
const METRICS_TOKEN = 'graceful-stop-metrics-token';

describe('a graceful stop amid orders, payments and indexing', () => {
  const dataDir = tempDataDir();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DIST_DIR: fakeDist(),
    DEMO_DATA: 'auto',
    FACE_WORKERS: '1',
    SELFIE_WORKERS: '0',
    TRUST_PROXY: '1',
    SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
    DRAIN_SECONDS: String(DRAIN_SECONDS),
    METRICS_TOKEN,
    // Every address of the machine; the metrics port must stay on loopback all the same.
    HOST: '0.0.0.0',
  };
  let store: StoreProcess | undefined;

  afterAll(async () => {
    await store?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  /** One phone's order; its id, or undefined when no answer came (the store was gone). */
  const create = async (base: string, photos: { id: number }[], key: string, phone: number) => {
    try {
      const res = await post(
        base,
        '/api/v1/order/create',
        {
          mobile: `08${String(20_000_000 + phone).slice(-8)}`,
          event_key: STAGE,
          amount: '126.00',
          imageList: photos,
          payment_channel: 'PP',
        },
        { [IDEMPOTENCY_HEADER]: key, 'x-forwarded-for': `10.38.${phone >> 8}.${phone & 255}` },
      );
      // A stopping store answers or closes; it never answers an error for an order it was making.
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { uuid: string }).uuid;
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('HTTP')) throw error;
      return undefined;
    }
  };

  /** Pays an order on the sandbox's page: true when the page said it was paid. */
  const pay = async (base: string, uuid: string): Promise<boolean> => {
    try {
      const res = await fetch(`${base}/api/sandbox/pay/${uuid}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
      });
      return (await res.text()).includes('Paid 126.00 THB');
    } catch {
      return false;
    }
  };

  const inquiry = async (base: string, uuid: string, extra: object = {}) =>
    (await (
      await post(base, '/api/v3/order/inquiry', { tk: DEMO_APP_TOKEN, order_uuid: uuid, ...extra })
    ).json()) as { status: string; payment_status?: string; state_token?: string };

  const indexedSoFar = async (base: string): Promise<number> => {
    const text = await (
      await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith('storefront_photos_indexed_total{outcome="indexed"'));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  /** Whether a TCP connection to `host`:`port` is taken ("refused" when nothing listens there). */
  const connects = (host: string, port: number) =>
    new Promise<'taken' | 'refused'>((resolve, reject) => {
      const socket = net.connect(port, host);
      socket.once('connect', () => {
        socket.destroy();
        resolve('taken');
      });
      socket.once('error', (error: NodeJS.ErrnoException) =>
        error.code === 'ECONNREFUSED' ? resolve('refused') : reject(error),
      );
    });

  const until = async (what: string, check: () => Promise<boolean>, ms: number) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('answers what it took and what came during the drain, stops in time, and the next start finishes the rest', async () => {
    const metricsPort = await freePort();
    store = await startStoreProcess({ ...env, METRICS_PORT: String(metricsPort) }, 180_000);
    const first = store;
    const storePort = Number(new URL(first.base).port);
    // 127.0.0.2 is another address of this machine (all of 127/8 is loopback on Linux): the store answers there,
    // the metrics port does not.
    expect(await connects('127.0.0.2', storePort)).toBe('taken');
    expect(await connects('127.0.0.2', metricsPort)).toBe('refused');
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
    const photos = await stagePhotos(first.base, STAGE, 2);
    expect(photos).toHaveLength(2);
    // The demo's photos are being indexed.
    await until('a first photo indexed', async () => (await indexedSoFar(first.base)) >= 1, 150_000);

    // Orders answered before the stop, half of them paid.
    const answered = new Map<string, string>();
    for (let i = 0; i < 6; i++) {
      const key = `before-${i}`;
      const uuid = await create(first.base, photos, key, 1000 + i);
      if (!uuid) throw new Error('an order before the stop got no answer');
      answered.set(key, uuid);
    }
    const paid = new Set<string>();
    for (const uuid of [...answered.values()].slice(0, 3)) {
      expect(await pay(first.base, uuid)).toBe(true);
      paid.add(uuid);
    }

    // A buyer's order page holds its long poll on an unpaid order.
    const waiting = [...answered.values()][5] as string;
    const known = (await inquiry(first.base, waiting)).state_token;
    expect(known).toBeTruthy();
    const poll = inquiry(first.base, waiting, { wait: 25, known }).then((answer) => ({
      answer,
      at: Date.now(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 500));

    // A load balancer's traffic: new connections and kept-alive ones, from before the stop until the drain ends.
    const stream = streamRequests(first.base, {
      newEveryMs: 40,
      keptClients: 3,
      keptPauseMs: 20,
      request: (i) =>
        i % 2
          ? { method: 'GET', path: '/healthz' }
          : {
              method: 'POST',
              path: '/api/v3/order/inquiry',
              body: JSON.stringify({ tk: DEMO_APP_TOKEN, order_uuid: waiting }),
            },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The rush: orders and payments at once; the stop comes in the middle of it.
    const phones = Array.from({ length: RUSH }, (_, i) => ({ key: `rush-${i}`, phone: i }));
    const rush = Promise.all(phones.map(({ key, phone }) => create(first.base, photos, key, phone)));
    const paying = [...answered.values()].slice(3, 5);
    const payments = Promise.all(paying.map((uuid) => pay(first.base, uuid)));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const streamFrom = Date.now() - 450;
    const stoppedAt = Date.now();
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)));
    first.child.kill('SIGTERM');
    // The load balancer's probe: 503 once the stop has begun (asked from HANDLED_MS on: the signal is handled in
    // the store's turn, after what its loop was busy with).
    const probes: (number | string)[] = [];
    await new Promise((resolve) => setTimeout(resolve, HANDLED_MS));
    const drainEnd = stoppedAt + DRAIN_SECONDS * 1000 - DRAIN_MARGIN_MS;
    while (Date.now() < drainEnd) {
      probes.push(
        await fetch(`${first.base}/readyz`).then(
          (res) => res.status,
          (error: Error) => String(error.cause ?? error),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const streamed: StreamedRequest[] = await stream.stop();
    const [code, rushed, paidNow, held] = await Promise.all([exited, rush, payments, poll]);
    const stopMs = Date.now() - stoppedAt;

    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(SHUTDOWN_SECONDS * 1000);
    // The listener stayed open for the drain, and every request sent through it was answered.
    expect(stopMs).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    expect(probes.length).toBeGreaterThan(3);
    expect(new Set(probes)).toEqual(new Set([503]));
    const during = streamed.filter((r) => r.at >= stoppedAt && r.at < drainEnd);
    const failed = failedBetween(streamed, streamFrom, drainEnd);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    expect(during.filter((r) => r.kind === 'new').length).toBeGreaterThan(10);
    expect(during.filter((r) => r.kind === 'kept').length).toBeGreaterThan(3);
    // Connections kept alive from before the stop were sent on again, and answered.
    expect(during.some((r) => r.kind === 'kept' && r.reused)).toBe(true);
    // Each answer of the drain closed its connection: a client's next request goes elsewhere.
    expect(during.filter((r) => r.at > stoppedAt + HANDLED_MS).every((r) => r.closes)).toBe(true);
    // The held poll was answered with the order as it was, at once, not after its 25 s.
    expect(held.answer).toMatchObject({ status: 'success', payment_status: 'INITIAL' });
    expect(held.at - stoppedAt).toBeLessThan(5000);
    expect(first.output()).toContain('store: SIGTERM, stopping');
    expect(first.output()).toMatch(/store: stopped/);
    for (const [i, uuid] of rushed.entries()) if (uuid) answered.set(`rush-${i}`, uuid);
    for (const [i, ok] of paidNow.entries()) if (ok) paid.add(paying[i] as string);

    // The next start, its metrics on every address as METRICS_HOST says: every answered order is there, paid ones
    // paid.
    const openMetricsPort = await freePort();
    store = await startStoreProcess(
      { ...env, METRICS_PORT: String(openMetricsPort), METRICS_HOST: '0.0.0.0' },
      180_000,
    );
    const second = store;
    expect(await connects('127.0.0.2', openMetricsPort)).toBe('taken');
    for (const [key, uuid] of answered) {
      const answer = await inquiry(second.base, uuid);
      expect([key, answer.status]).toEqual([key, 'success']);
      if (paid.has(uuid)) expect([key, answer.payment_status]).toEqual([key, 'PAID']);
    }
    // The phones the stop left unanswered send again with their keys: each order made once, the answered ones the
    // same order.
    const again = await Promise.all(phones.map(({ key, phone }) => create(second.base, photos, key, phone)));
    for (const [i, uuid] of again.entries()) {
      expect(uuid, `phone ${i}`).toBeDefined();
      const before = answered.get(`rush-${i}`);
      if (before) expect(uuid).toBe(before);
    }
    // And it goes on indexing.
    await until(
      'a photo indexed after the restart',
      async () => (await indexedSoFar(second.base)) >= 1,
      150_000,
    );
    await second.stop();
    store = undefined;

    const database = await openClientDatabase({ databaseUrl: undefined, dataDir }, 'admin');
    try {
      const orders = await database.db
        .selectFrom('orders')
        .leftJoin('order_items', 'order_items.order_id', 'orders.order_id')
        .select((eb) => [
          'orders.order_id',
          'orders.payment_status',
          eb.fn.count<string>('order_items.photo_id').as('items'),
        ])
        .groupBy(['orders.order_id', 'orders.payment_status'])
        .execute();
      // Each order whole (its two photos), none doubled: the 6 before and the rush's 40.
      expect(orders).toHaveLength(6 + RUSH);
      for (const order of orders) expect(Number(order.items)).toBe(2);
      for (const uuid of paid) expect(orders.find((o) => o.order_id === uuid)?.payment_status).toBe('PAID');
      // No job was left running by either stop, and none failed because a stop cut it.
      const running = await database.db
        .selectFrom('jobs')
        .select('id')
        .where('state', '=', 'running')
        .execute();
      expect(running).toEqual([]);
      const cut = await database.db
        .selectFrom('jobs')
        .select(['kind', 'error'])
        .where('error', 'like', '%pool closed%')
        .execute();
      expect(cut).toEqual([]);
    } finally {
      await database.close();
    }
  }, 600_000);
});
