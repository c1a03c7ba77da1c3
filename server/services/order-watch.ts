// The order page's long poll, shared, so that a held poll costs nothing while nothing changes. Were each held poll
// to read its order again every 2 s on the main thread and check its open payments, 500 held polls (anyone with the
// public app token can hold them) would keep the database busy and make every other request wait up to 24 s. So:
// - one feed per process reads the state of every watched order in one query every RECHECK_MS (a change made by
//   another process is seen within that), and checks the open payments of a few of them a round;
// - a change made in this process (orderChanged) wakes that order's waiters at once;
// - at most MOST_HELD polls per process, MOST_HELD_PER_CLIENT per client (buyers behind one carrier address share
//   it) and MOST_HELD_PER_CLIENT_ORDER per client and order are held: beyond them, the poll is
//   answered at once with the order as it is (the page asks again);
// - a poll ends at its own deadline, whatever the feed is doing.
import type { Db } from '../db/database';
import { orderStateTokens } from '../db/orders-repo';
import { log } from '../ops/log';
import { onOrderChanged } from './order-changes';

/** How often the feed reads the watched orders' state (a change made by another process is seen within this). */
export const RECHECK_MS = 2000;
/** Polls held by one process at once. */
export const MOST_HELD = 4000;
/** Polls held for one client (one address, or one IPv6 /64) at once: a finish line's buyers may share an address. */
export const MOST_HELD_PER_CLIENT = 32;
/** Polls held for one client and one order at once (a buyer has the order page open in a tab or two). */
export const MOST_HELD_PER_CLIENT_ORDER = 4;
/** Orders whose open payments are checked in one round of the feed (the rest in later rounds, in turn). */
export const CHECKS_PER_ROUND = 8;

interface Waiter {
  known: string;
  finish: (outcome: WaitOutcome) => void;
}

/** Why a wait ended: the order changed, its time was up, the client went, it was never held, the watch closed. */
export type WaitOutcome = 'changed' | 'timeout' | 'gone' | 'not-held' | 'closed';

export interface OrderWatchOptions {
  recheckMs?: number;
  mostHeld?: number;
  mostHeldPerClient?: number;
  mostHeldPerClientOrder?: number;
  checksPerRound?: number;
  /** Reads an order's open payments back from the gateway (services/payments/check-open.ts). */
  checkOpen?: (orderId: string) => Promise<void>;
}

export class OrderWatch {
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly perClient = new Map<string, number>();
  private held = 0;
  /** Closed (the process is stopping): no poll is held any more. */
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private round: Promise<void> | undefined;
  /** Where the open-payment checks go on in the next round. */
  private checkCursor = 0;
  /** Subscribed to this process's order changes while any poll is held (nothing is left behind otherwise). */
  private unsubscribe: (() => void) | undefined;
  /** Orders whose open payments are being checked now (at most checksPerRound at once, never one twice). */
  private readonly checking = new Set<string>();
  /** Held polls by client and order. */
  private readonly perClientOrder = new Map<string, number>();
  private readonly mostHeldPerClientOrder: number;
  private readonly recheckMs: number;
  private readonly mostHeld: number;
  private readonly mostHeldPerClient: number;
  private readonly checksPerRound: number;

  constructor(
    /** Reads the state tokens of orders (orders-repo.ts orderStateTokens), by lower-case id. */
    private readonly readTokens: (orderIds: string[]) => Promise<Map<string, string>>,
    private readonly options: OrderWatchOptions = {},
  ) {
    this.recheckMs = options.recheckMs ?? RECHECK_MS;
    this.mostHeld = options.mostHeld ?? MOST_HELD;
    this.mostHeldPerClient = options.mostHeldPerClient ?? MOST_HELD_PER_CLIENT;
    this.checksPerRound = options.checksPerRound ?? CHECKS_PER_ROUND;
    this.mostHeldPerClientOrder = options.mostHeldPerClientOrder ?? MOST_HELD_PER_CLIENT_ORDER;
  }

  /** Polls held now (for tests and the metrics). */
  get heldCount(): number {
    return this.held;
  }

  /**
   * Waits until the order's state differs from `known`, `ms` pass, or the signal aborts; 'not-held' at once when the
   * process or the client already holds as many polls as it may.
   */
  wait(
    orderId: string,
    known: string,
    ms: number,
    client: string,
    signal?: AbortSignal,
  ): Promise<WaitOutcome> {
    const id = orderId.toLowerCase();
    const ofClient = this.perClient.get(client) ?? 0;
    const clientOrder = `${client}\n${id}`;
    const ofClientOrder = this.perClientOrder.get(clientOrder) ?? 0;
    if (signal?.aborted) return Promise.resolve('gone');
    if (this.closed) return Promise.resolve('closed');
    if (!(ms > 0)) return Promise.resolve('timeout');
    if (
      this.held >= this.mostHeld ||
      ofClient >= this.mostHeldPerClient ||
      ofClientOrder >= this.mostHeldPerClientOrder
    )
      return Promise.resolve('not-held');
    return new Promise<WaitOutcome>((resolve) => {
      const finish = (outcome: WaitOutcome) => {
        clearTimeout(deadline);
        signal?.removeEventListener('abort', gone);
        const set = this.waiters.get(id);
        set?.delete(waiter);
        if (set?.size === 0) this.waiters.delete(id);
        this.held -= 1;
        countDown(this.perClient, client);
        countDown(this.perClientOrder, clientOrder);
        if (this.held === 0) this.stop();
        resolve(outcome);
      };
      const waiter: Waiter = { known, finish };
      const gone = () => finish('gone');
      const deadline = setTimeout(() => finish('timeout'), ms);
      signal?.addEventListener('abort', gone, { once: true });
      this.held += 1;
      this.perClient.set(client, ofClient + 1);
      this.perClientOrder.set(clientOrder, ofClientOrder + 1);
      const set = this.waiters.get(id) ?? new Set<Waiter>();
      set.add(waiter);
      this.waiters.set(id, set);
      this.start();
    });
  }

  /** Stops the feed and answers every held poll at once (the store is stopping). */
  close(): void {
    this.closed = true;
    this.stop();
    for (const set of [...this.waiters.values()]) for (const w of [...set]) w.finish('closed');
  }

  private start(): void {
    this.unsubscribe ??= onOrderChanged((orderId) => {
      if (this.waiters.has(orderId)) void this.readNow([orderId]);
    });
    if (this.timer || this.round) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.round = this.runRound().finally(() => {
        this.round = undefined;
        if (this.held > 0) this.start();
      });
    }, this.recheckMs);
    this.timer.unref?.();
  }

  private stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** One round: every watched order's state in one read, then the open payments of a few of them. */
  private async runRound(): Promise<void> {
    const ids = [...this.waiters.keys()];
    const tokens = await this.readNow(ids);
    const checkOpen = this.options.checkOpen;
    if (!checkOpen) return;
    // Orders still waiting for payment with an attempt that has not failed: their payments are read back from the
    // gateway (a late or lost callback), a few a round, in turn.
    const open = ids.filter((id) => this.waiters.has(id) && hasOpenPayment(tokens.get(id)));
    if (open.length === 0) return;
    const from = this.checkCursor % open.length;
    const turn = [...open.slice(from), ...open.slice(0, from)].slice(0, this.checksPerRound);
    this.checkCursor = from + turn.length;
    // The checks go on beside the rounds (a slow gateway must not hold the next read back), a few at once, never
    // one order twice; what they settle wakes its waiters through orderChanged.
    for (const id of turn) {
      if (this.checking.has(id) || this.checking.size >= this.checksPerRound) continue;
      this.checking.add(id);
      void checkOpen(id)
        .catch((error: unknown) => {
          log.warn('open payments of a watched order not checked', { err: error });
        })
        .finally(() => this.checking.delete(id));
    }
  }

  /** Reads the orders' state and wakes the waiters whose known state it no longer is. */
  private async readNow(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const tokens = await this.readTokens(ids).catch((error: unknown) => {
      log.warn('watched orders not read', { err: error });
      return new Map<string, string>();
    });
    for (const id of ids) {
      const token = tokens.get(id);
      if (token === undefined) continue;
      for (const waiter of [...(this.waiters.get(id) ?? [])])
        if (waiter.known !== token) waiter.finish('changed');
    }
    return tokens;
  }
}

/** The state token says: not paid, and more payment attempts than failed ones (see orderStateToken). */
function hasOpenPayment(token: string | undefined): boolean {
  if (!token?.startsWith('INITIAL/')) return false;
  const [count, failed] = (token.split('/')[4] ?? '0:0').split(':').map(Number);
  return (count ?? 0) > (failed ?? 0);
}

/** One fewer held for `key`; the key goes when none is left (the maps hold only what is held now). */
function countDown(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}

/** The store's watch of its orders: their state tokens read from its database. */
export const orderWatchOf = (db: Db, options: OrderWatchOptions = {}): OrderWatch =>
  new OrderWatch((ids) => orderStateTokens(db, ids), options);
