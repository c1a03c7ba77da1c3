// Property-based hostile input (fast-check) over every call of SPEC §7, through the real app on a real database
// (PGlite, and PostgreSQL in CI): random and malformed bodies, the calls' own field names with odd values (NUL,
// right-to-left overrides, lone surrogates, huge strings, odd numbers), wrong content types. The properties:
// never a 5xx; a refused order or log writes nothing and an accepted one writes exactly one row; the process's
// memory stays bounded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileRequest } from '../../tests/hostile-requests';
import { testDatabases } from '../db/test-databases';
import { orderFixture } from '../test/order-fixtures';

/** Runs per database: enough to cross every call many times, bounded for a 2-core CI machine. */
const RUNS = Number(process.env.FC_RUNS ?? 600);

describe.each(testDatabases)('hostile requests on $name (fast-check)', (database) => {
  const f = orderFixture(database);

  const count = async (table: 'orders' | 'order_items' | 'logs') =>
    Number(
      (
        await f.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`never answers 5xx nor writes part of a refused request (${RUNS} generated requests)`, async () => {
    const heapBefore = process.memoryUsage().heapUsed;
    let cases = 0;
    const statuses: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        hostileRequest,
        async ({ call, pathText, body: text, contentType: type, idempotencyKey }) => {
          cases += 1;
          const path = call.path.replace('{text}', pathText || 'x');
          const headers: Record<string, string> = {};
          if (type) headers['content-type'] = type;
          if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
          const before = {
            orders: await count('orders'),
            items: await count('order_items'),
            logs: await count('logs'),
          };
          const res = await f.t.app.request(path, {
            method: call.method,
            headers,
            ...(call.method !== 'GET' ? { body: text } : {}),
          });
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          expect(res.status, `${call.method} ${path} ${text.slice(0, 200)}`).toBeLessThan(500);
          const after = {
            orders: await count('orders'),
            items: await count('order_items'),
            logs: await count('logs'),
          };
          const created = /\/order\/create$/.test(path) && res.status === 200;
          // An accepted order is one order with its items (or the one an Idempotency-Key already made); anything
          // refused leaves no row behind.
          if (created) {
            expect(after.orders - before.orders).toBeLessThanOrEqual(1);
            if (after.orders > before.orders) expect(after.items).toBeGreaterThan(before.items);
          } else {
            expect(after.orders).toBe(before.orders);
            expect(after.items).toBe(before.items);
          }
          const logged = /\/logs\/$/.test(path) && res.status === 200;
          expect(after.logs - before.logs).toBe(logged ? 1 : 0);
        },
      ),
      { numRuns: RUNS, seed: Number(process.env.FC_SEED ?? 20261124), endOnFailure: true },
    );
    expect(cases).toBe(RUNS);
    console.info(`hostile requests: ${cases} cases, answers by status ${JSON.stringify(statuses)}`);
    // Memory stays bounded: a few hundred generated requests (some of 200,000 characters) leave little behind.
    const grownMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    expect(grownMb).toBeLessThan(300);
  }, 300_000);
});
