import type { Kysely } from 'kysely';

// An Idempotency-Key is bound to the request it first came with: the SHA-256 of that request is kept beside it, so
// the same key with another body (another buyer, another event) is refused instead of answering the first order.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('idempotency_request', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('idempotency_request').execute();
}
