import { type Kysely, sql } from 'kysely';

// The second half of an order's life: one PAID payment per order at most (the database enforces it), refunds,
// the sandbox gateway's own charges, the outbox of delivery notices, and retention (photos purged after their
// event's retention period, their rows kept for the orders that name them).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Two PAID rows for one order would mean the order was settled twice: refused by the database itself.
  await db.schema
    .createIndex('payments_one_paid')
    .on('payments')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), '=', 'PAID')
    .execute();
  await db.schema
    .createIndex('payments_gateway_ref')
    .on('payments')
    .columns(['gateway', 'gateway_ref'])
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refund_reason', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  // The sandbox gateway's payments and card charges: what a real gateway keeps on its side, kept here so that the
  // sandbox survives a restart and works with several processes.
  await db.schema
    .createTable('sandbox_charges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('promptpay', 'card')`))
    .addColumn('amount_satang', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`status in ('pending', 'successful', 'failed')`),
    )
    .addColumn('failure_message', 'text')
    .addColumn('return_uri', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sandbox_charges_order').on('sandbox_charges').column('order_id').execute();
  await db.schema
    .createTable('sandbox_card_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('3ds', 'no-3ds', 'declined')`))
    .addColumn('last_digits', 'text', (c) => c.notNull())
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Delivery notices (the outbox): written with the PAID transition, sent by a job, retried with back-off.
  await db.schema
    .createTable('notices')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
    /** The notify-order job that wrote it: a retried job never writes its notices twice. */
    .addColumn('job_id', 'bigint', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('email', 'sms', 'console')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`state in ('queued', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('notices_order').on('notices').column('order_id').execute();
  await db.schema.createIndex('notices_job').on('notices').columns(['job_id', 'channel']).unique().execute();

  await db.schema.alterTable('photos').addColumn('purged_at', 'timestamptz').execute();
  await db.schema.alterTable('events').addColumn('purged_at', 'timestamptz').execute();
  await db.schema.createIndex('jobs_kind_state').on('jobs').columns(['kind', 'state']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_kind_state').execute();
  await db.schema.alterTable('events').dropColumn('purged_at').execute();
  await db.schema.alterTable('photos').dropColumn('purged_at').execute();
  await db.schema.dropTable('notices').execute();
  await db.schema.dropTable('sandbox_card_tokens').execute();
  await db.schema.dropTable('sandbox_charges').execute();
  await db.schema.alterTable('orders').dropColumn('refund_reason').dropColumn('refunded_at').execute();
  await db.schema.dropIndex('payments_gateway_ref').execute();
  await db.schema.dropIndex('payments_one_paid').execute();
}
