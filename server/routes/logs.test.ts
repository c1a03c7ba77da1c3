import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countLogs } from '../db/logs-repo';
import { testDatabases } from '../db/test-databases';
import { openTestApp, type TestApp } from '../test/app-fixture';

describe.each(testDatabases)('logs call on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await openTestApp(database);
  });
  afterAll(() => t.close());

  it('stores a log, with or without the trailing slash', async () => {
    const log = { service: 'cart', cart_count: 3, image_id: 12, list: '', event_key: 'run-<b>1</b>' };
    for (const url of ['/api/v1/logs/', '/api/v1/logs']) {
      const res = await t.post(url, log);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'success' });
    }
    expect(await countLogs(t.ctx.db, 'run-<b>1</b>')).toBe(2);
  });

  it.each([
    [{ service: 'admin' }, 'service'],
    [{ service: 'cart', cart_count: -1 }, 'cart_count'],
    [{ service: 'cart-wholesale', list: '1,2,<script>' }, 'list'],
    [{ service: 'cart', image_id: 'x'.repeat(41) }, 'image_id'],
  ])('refuses %j', async (body, field) => {
    const res = await t.post('/api/v1/logs/', body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field });
  });
});
