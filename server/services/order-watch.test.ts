import { afterEach, describe, expect, it } from 'vitest';
import { orderChanged } from './order-changes';
import { OrderWatch } from './order-watch';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Orders' state tokens as a database would hold them, and every read the watch made. */
function fakeOrders() {
  const tokens = new Map<string, string>();
  const reads: string[][] = [];
  let hang = false;
  return {
    tokens,
    reads,
    hangReads: () => {
      hang = true;
    },
    read: async (ids: string[]) => {
      reads.push(ids);
      if (hang) await new Promise(() => undefined);
      return new Map(ids.filter((i) => tokens.has(i)).map((i) => [i, tokens.get(i) as string]));
    },
  };
}

describe('the long polls’ shared feed', () => {
  let watch: OrderWatch | undefined;
  afterEach(() => watch?.close());

  it('reads every watched order in one query a round, however many polls are held', async () => {
    const orders = fakeOrders();
    for (let n = 0; n < 300; n++) orders.tokens.set(id(n), 'INITIAL/-/N/N/0:0');
    watch = new OrderWatch(orders.read, { recheckMs: 50 });
    const polls = Array.from({ length: 600 }, (_, n) =>
      watch?.wait(id(n % 300), 'INITIAL/-/N/N/0:0', 400, `client ${n}`),
    );
    expect(watch.heldCount).toBe(600);
    const started = Date.now();
    const outcomes = await Promise.all(polls);
    const elapsed = Date.now() - started;
    expect(new Set(outcomes)).toEqual(new Set(['timeout']));
    // One read a round (every 50 ms at most, however long a busy machine held the polls), never one a poll.
    expect(orders.reads.length).toBeLessThanOrEqual(Math.ceil(elapsed / 50) + 1);
    expect(orders.reads.length).toBeLessThan(50);
    // The first read took every watched order at once (later ones only those still held then).
    expect(orders.reads[0]).toHaveLength(300);
    expect(watch.heldCount).toBe(0);
  });

  it('wakes the waiters of an order changed in this process at once, and only them', async () => {
    const orders = fakeOrders();
    orders.tokens.set(id(1), 'INITIAL/-/N/N/1:0');
    orders.tokens.set(id(2), 'INITIAL/-/N/N/1:0');
    watch = new OrderWatch(orders.read, { recheckMs: 10_000 });
    const here = watch.wait(id(1), 'INITIAL/-/N/N/1:0', 5000, 'a');
    const other = watch.wait(id(2), 'INITIAL/-/N/N/1:0', 5000, 'b');
    const started = Date.now();
    orders.tokens.set(id(1), 'PAID/-/N/N/1:0');
    orderChanged(id(1).toUpperCase());
    expect(await here).toBe('changed');
    expect(Date.now() - started).toBeLessThan(1000);
    // Order 2 did not change: still held, until the watch closes (the store stops).
    expect(watch.heldCount).toBe(1);
    watch.close();
    expect(await other).toBe('closed');
  });

  it('sees a change made by another process within a round', async () => {
    const orders = fakeOrders();
    orders.tokens.set(id(3), 'INITIAL/-/N/N/1:0');
    watch = new OrderWatch(orders.read, { recheckMs: 100 });
    const poll = watch.wait(id(3), 'INITIAL/-/N/N/1:0', 5000, 'a');
    await sleep(150);
    orders.tokens.set(id(3), 'PAID/-/N/N/1:0');
    expect(await poll).toBe('changed');
  });

  it('answers at once beyond the polls a client or the process may hold', async () => {
    const orders = fakeOrders();
    orders.tokens.set(id(4), 'INITIAL/-/N/N/0:0');
    watch = new OrderWatch(orders.read, { recheckMs: 1000, mostHeldPerClient: 2, mostHeld: 3 });
    const known = 'INITIAL/-/N/N/0:0';
    const held = [watch.wait(id(4), known, 300, 'a'), watch.wait(id(4), known, 300, 'a')];
    expect(await watch.wait(id(4), known, 300, 'a')).toBe('not-held');
    held.push(watch.wait(id(4), known, 300, 'b'));
    expect(await watch.wait(id(4), known, 300, 'c')).toBe('not-held');
    expect(await Promise.all(held)).toEqual(['timeout', 'timeout', 'timeout']);
    // One client's polls on one order are capped too (several tabs), whatever its overall allowance.
    const perOrder = new OrderWatch(orders.read, { recheckMs: 1000, mostHeldPerClientOrder: 1 });
    const first = perOrder.wait(id(4), known, 200, 'd');
    expect(await perOrder.wait(id(4), known, 200, 'd')).toBe('not-held');
    orders.tokens.set(id(6), known);
    const other = perOrder.wait(id(6), known, 200, 'd');
    expect(await Promise.all([first, other])).toEqual(['timeout', 'timeout']);
    perOrder.close();
    // Released: the client may hold polls again.
    const controller = new AbortController();
    const again = watch.wait(id(4), known, 5000, 'a', controller.signal);
    controller.abort();
    expect(await again).toBe('gone');
    expect(watch.heldCount).toBe(0);
  });

  it('ends a poll at its deadline even while the database does not answer', async () => {
    const orders = fakeOrders();
    orders.hangReads();
    watch = new OrderWatch(orders.read, { recheckMs: 20 });
    const started = Date.now();
    expect(await watch.wait(id(5), 'INITIAL/-/N/N/0:0', 300, 'a')).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('checks the open payments of a few watched orders a round, in turn', async () => {
    const orders = fakeOrders();
    const checked: string[] = [];
    for (let n = 10; n < 20; n++)
      orders.tokens.set(id(n), n < 16 ? 'INITIAL/-/N/N/1:0' : 'INITIAL/-/N/N/1:1');
    watch = new OrderWatch(orders.read, {
      recheckMs: 30,
      checksPerRound: 2,
      checkOpen: async (orderId) => {
        checked.push(orderId);
      },
    });
    const polls = Array.from({ length: 10 }, (_, k) =>
      watch?.wait(id(10 + k), orders.tokens.get(id(10 + k)) ?? '', 1000, `c${k}`),
    );
    await Promise.all(polls);
    // Only the six orders with an attempt that has not failed, two a round, each in turn.
    expect(new Set(checked)).toEqual(new Set([10, 11, 12, 13, 14, 15].map(id)));
    const rounds = orders.reads.length;
    expect(checked.length).toBeLessThanOrEqual(2 * rounds);
  });
});
