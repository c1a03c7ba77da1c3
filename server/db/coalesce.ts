// Fewer queries in a rush: fifty face searches at once make the same few queries fifty times, and each
// costs the embedded database one to three milliseconds of the store's main thread (a round trip on PostgreSQL).
// Two ways to make them fewer, per database handle (a transaction shares only with itself), with nothing cached
// beyond the queries in flight, so that a change is seen as soon as it is committed:
// - shared reads: reads of one key that overlap share one query;
// - batches: the calls made while a statement is in flight run together next, as one statement (a group commit).
// Both start their query at the end of the event loop's turn (setImmediate), not at once: PGlite answers within
// the turn, so without that the requests read together in one turn would each have their own query.
import type { Db } from './database';

/** The end of this turn of the event loop: the requests that arrived with this one have made their calls. */
const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Reads of one key that overlap share one query; the next read after it has finished queries again. */
export function sharedByKey<R>(
  read: (db: Db, key: string) => Promise<R>,
): (db: Db, key: string) => Promise<R> {
  const inFlight = new WeakMap<Db, Map<string, Promise<R>>>();
  return (db, key) => {
    let reads = inFlight.get(db);
    if (!reads) {
      reads = new Map();
      inFlight.set(db, reads);
    }
    let shared = reads.get(key);
    if (!shared) {
      const own = reads;
      shared = endOfTurn()
        .then(() => read(db, key))
        .finally(() => own.delete(key));
      reads.set(key, shared);
    }
    return shared;
  };
}

/** Items one statement takes at most. */
export const MOST_IN_BATCH = 500;

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * `run(db, items)` answers one result per item, in order. The calls made in one turn of the event loop run together
 * at its end; those made while that statement runs, together next (at most MOST_IN_BATCH a statement). Each caller
 * gets its item's result, or its own error: when a batch fails, its items are run again one by one.
 */
export function batched<T, R>(run: (db: Db, items: T[]) => Promise<R[]>): (db: Db, item: T) => Promise<R> {
  const queues = new WeakMap<Db, Waiting<T, R>[]>();
  const drain = async (db: Db, queue: Waiting<T, R>[]) => {
    await endOfTurn();
    while (queue.length > 0) {
      const batch = queue.slice(0, MOST_IN_BATCH);
      try {
        const results = await run(
          db,
          batch.map((w) => w.item),
        );
        batch.forEach((w, i) => {
          w.resolve(results[i] as R);
        });
      } catch (error) {
        if (batch.length === 1) (batch[0] as Waiting<T, R>).reject(error);
        // One caller's item may be what failed (a row the database refuses): each is run alone, so only its
        // caller gets the error.
        else for (const w of batch) await run(db, [w.item]).then(([r]) => w.resolve(r as R), w.reject);
      }
      queue.splice(0, batch.length);
    }
    queues.delete(db);
  };
  return (db, item) =>
    new Promise<R>((resolve, reject) => {
      const queue = queues.get(db);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      const fresh = [{ item, resolve, reject }];
      queues.set(db, fresh);
      void drain(db, fresh);
    });
}
