import { type Kysely, sql } from 'kysely';

// One card charge attempt in flight per order: a row here while a charge is being opened at the gateway
// (its primary key refuses a second), removed when the attempt ends; a claim left by a process that died is taken
// over once it is old. The sandbox's card charges can be refunded (a duplicate charge is refunded automatically).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('charge_claims')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey())
    .addColumn('claim', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable('sandbox_charges')
    .addColumn('refunded_satang', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_charges').dropColumn('refunded_satang').execute();
  await db.schema.dropTable('charge_claims').execute();
}
