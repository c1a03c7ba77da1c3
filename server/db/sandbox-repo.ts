// Owns the sandbox gateway's own state: its PromptPay payments and card charges (what a real gateway keeps on its
// side) and its single-use card tokens. Demo and tests only; a real gateway keeps these itself.
import type { Db } from './database';
import type { SandboxCardTokensTable, SandboxChargesTable } from './schema';

export type SandboxCharge = {
  id: string;
  order_id: string;
  kind: SandboxChargesTable['kind'];
  amount_satang: number;
  status: 'pending' | 'successful' | 'failed';
  failure_message: string | null;
  return_uri: string;
  created_at: Date;
  refunded_satang: number;
};

export async function insertSandboxCharge(
  db: Db,
  charge: Omit<SandboxCharge, 'created_at' | 'failure_message' | 'refunded_satang'> & {
    failure_message?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sandbox_charges')
    .values({ ...charge, failure_message: charge.failure_message ?? null })
    .execute();
}

export async function findSandboxCharge(db: Db, id: string): Promise<SandboxCharge | undefined> {
  return db.selectFrom('sandbox_charges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Gives back part of a sandbox card charge (its refunds add up to at most its amount). */
export async function refundSandboxCharge(db: Db, id: string, amountSatang: number): Promise<boolean> {
  const updated = await db
    .updateTable('sandbox_charges')
    .set((eb) => ({ refunded_satang: eb('refunded_satang', '+', amountSatang) }))
    .where('id', '=', id)
    .where((eb) => eb(eb('refunded_satang', '+', amountSatang), '<=', eb.ref('amount_satang')))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The newest sandbox PromptPay payment of an order. */
export async function latestSandboxPromptPay(db: Db, orderId: string): Promise<SandboxCharge | undefined> {
  return db
    .selectFrom('sandbox_charges')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', 'promptpay')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * pending → successful | failed, and failed → successful (a PromptPay QR can still be paid after a failed attempt,
 * as a bank's can); a successful charge never changes again. Answers whether it moved.
 */
export async function finishSandboxCharge(
  db: Db,
  id: string,
  outcome: { status: 'successful' | 'failed'; failure_message?: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('sandbox_charges')
    .set({ status: outcome.status, failure_message: outcome.failure_message ?? null })
    .where('id', '=', id)
    .where('status', 'in', outcome.status === 'successful' ? ['pending', 'failed'] : ['pending'])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export async function insertSandboxToken(
  db: Db,
  token: { id: string; outcome: SandboxCardTokensTable['outcome']; last_digits: string },
): Promise<void> {
  await db.insertInto('sandbox_card_tokens').values(token).execute();
}

/** Takes a token once: answers its outcome, or undefined when unknown or already used. */
export async function takeSandboxToken(
  db: Db,
  id: string,
): Promise<{ outcome: SandboxCardTokensTable['outcome']; last_digits: string } | undefined> {
  return db
    .updateTable('sandbox_card_tokens')
    .set({ used: true })
    .where('id', '=', id)
    .where('used', '=', false)
    .returning(['outcome', 'last_digits'])
    .executeTakeFirst();
}
