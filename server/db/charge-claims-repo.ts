// Owns the card charge claims (migration 0010): one charge attempt in flight per order, across processes.
import { randomUUID } from 'node:crypto';
import type { Db } from './database';

/**
 * Claims the order's charge attempt: the claim's token, or undefined while another attempt holds it. A claim older
 * than `staleBefore` (its process died mid-attempt) is taken over.
 */
export async function claimCharge(
  db: Db,
  orderId: string,
  now: Date,
  staleBefore: Date,
): Promise<string | undefined> {
  const claim = randomUUID();
  const inserted = await db
    .insertInto('charge_claims')
    .values({ order_id: orderId, claim, claimed_at: now })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returning('claim')
    .executeTakeFirst();
  if (inserted) return claim;
  const taken = await db
    .updateTable('charge_claims')
    .set({ claim, claimed_at: now })
    .where('order_id', '=', orderId)
    .where('claimed_at', '<', staleBefore)
    .returning('claim')
    .executeTakeFirst();
  return taken ? claim : undefined;
}

/** Ends the attempt that holds `claim` (a claim taken over since is left to its new holder). */
export async function releaseCharge(db: Db, orderId: string, claim: string): Promise<void> {
  await db.deleteFrom('charge_claims').where('order_id', '=', orderId).where('claim', '=', claim).execute();
}
