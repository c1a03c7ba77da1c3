// What an operator's tools read from a running store: /healthz and /readyz, /metrics behind its token,
// the request id on every answer and log line, an access line per request with no personal data in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../db/test-databases';
import { apiLimits } from '../routes/api';
import { memoryLimiter } from '../services/rate-limit';
import type { DiskStore } from '../storage/disk-store';
import type { ObjectStore } from '../storage/object-store';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { Lifecycle } from './lifecycle';
import { captureLogs, type LogLine } from './log';

const TOKEN = 'metrics-token-0123456789';

/** The disk store, whose writes fail as a full disk's do while `full` is set. */
function fillable(disk: DiskStore): { store: ObjectStore; setFull(full: boolean): void } {
  let full = false;
  const store = Object.create(disk) as ObjectStore;
  store.put = async (key, body, type) => {
    if (full)
      throw Object.assign(new Error(`ENOSPC: no space left on device, write '/srv/data/${key}'`), {
        code: 'ENOSPC',
      });
    return disk.put(key, body, type);
  };
  return { store, setFull: (value) => (full = value) };
}

describe.each(testDatabases)('operating the store on $name', (database) => {
  let t: TestApp;
  let facesReady = false;
  const lifecycle = new Lifecycle();
  let disk: ReturnType<typeof fillable> | undefined;

  beforeAll(async () => {
    // The strictest limits: the health checks must never meet them.
    const strict = apiLimits((name) => memoryLimiter(name, { capacity: 1, perMinute: 1 }));
    t = await openTestApp(
      database,
      undefined,
      strict,
      undefined,
      { lifecycle, health: { facesReady: () => facesReady, disks: [] }, metricsToken: TOKEN },
      (store) => {
        disk = fillable(store);
        return disk.store;
      },
    );
  });
  afterAll(async () => t.close());

  const get = (path: string, headers: Record<string, string> = {}) => t.app.request(path, { headers });

  it('answers /healthz while the process runs, never limited, with a request id', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await get('/healthz');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('says on /readyz what keeps the store from serving, and nothing secret', async () => {
    let res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: 'not ready',
      checks: {
        database: { ok: true },
        migrations: { ok: true },
        storage: { ok: true },
        faces: { ok: false, reason: 'the face models are loading' },
        process: { ok: true },
      },
    });
    facesReady = true;
    await new Promise((resolve) => setTimeout(resolve, 2100));
    res = await get('/readyz');
    expect([res.status, ((await res.json()) as { status: string }).status]).toEqual([200, 'ready']);

    disk?.setFull(true);
    const logs = captureLogs('warn');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    res = await get('/readyz');
    logs.restore();
    disk?.setFull(false);
    const text = await res.text();
    expect(res.status).toBe(503);
    expect(JSON.parse(text).checks.storage).toEqual({
      ok: false,
      reason: 'the object store cannot write: the disk is full',
    });
    // The path of the failing write is in the log for the operator, not in the public answer.
    expect(text).not.toContain('/srv/data');
    expect(JSON.stringify(logs.lines)).toContain('ENOSPC');
    // While full, the store still answers reads.
    expect((await get('/healthz')).status).toBe(200);
  });

  it('serves /metrics only with its token, with requests counted by route pattern', async () => {
    await get('/api/v1/events/no-such-event');
    expect((await get('/metrics')).status).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/storefront_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    // The pattern, never the address: no event key, order id or mobile number becomes a series.
    expect(text).not.toContain('no-such-event');
    expect(text).toContain('# TYPE storefront_search_duration_seconds histogram');
    expect(text).toContain('# TYPE storefront_orders_paid_total counter');
    expect(text).toMatch(/storefront_database_waiting \d+/);
  });

  it('writes one access line per request with its id, the secrets and personal data cut', async () => {
    const logs = captureLogs('info');
    const res = await get('/find-mobile/0812345678?mobile=0899999999&email=runner@example.com', {
      'x-request-id': 'lb-1234abcd',
    });
    const order = await get('/download/6f1c2e4a9b3d4e5f8a7b6c5d4e3f2a1b');
    logs.restore();
    expect(res.headers.get('x-request-id')).toBe('lb-1234abcd');
    const lines = logs.lines.filter((line) => line.msg === 'request');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 'info',
      reqId: 'lb-1234abcd',
      method: 'GET',
      path: '/find-mobile/0xx-xxx-xx78',
      status: res.status,
    });
    expect(lines[1]?.path).toBe('/download/6f1c…');
    expect(lines[1]?.reqId).toBe(order.headers.get('x-request-id'));
    const all = JSON.stringify(logs.lines);
    for (const secret of [
      '0812345678',
      '0899999999',
      'runner@example.com',
      '6f1c2e4a9b3d4e5f8a7b6c5d4e3f2a1b',
    ])
      expect(all).not.toContain(secret);
  });

  it('takes no proxy id that could forge a log line', async () => {
    const res = await get('/healthz', { 'x-request-id': 'x {"level":"error","msg":"forged"}' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the request id on the lines written while the request is answered', async () => {
    const logs = captureLogs('warn');
    const res = await t.post('/api/payments/sandbox/callback', 'not a callback', {
      'content-type': 'text/plain',
      'x-request-id': 'callback-req-0001',
    });
    logs.restore();
    expect(res.status).toBe(400);
    const refused = logs.lines.find((line: LogLine) => /refused/.test(line.msg));
    expect(refused).toMatchObject({ level: 'warn', reqId: 'callback-req-0001' });
  });

  it('answers 503 on /readyz once the stop begins, and /healthz still', async () => {
    lifecycle.begin();
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { checks: Record<string, unknown> }).checks.process).toEqual({
      ok: false,
      reason: 'the store is stopping',
    });
    expect((await get('/healthz')).status).toBe(200);
  });
});
