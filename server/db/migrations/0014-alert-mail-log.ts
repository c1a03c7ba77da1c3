import { type Kysely, sql } from 'kysely';

// The confirmation e-mails of runners' alerts, counted per address across every event so that no address gets more
// than a few a day, whoever asks: the address is kept only as a keyed hash (HMAC-SHA256 with the store's secret, so
// the table cannot be matched against a list of addresses without it), and a row only for a day.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_mail_log')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('address_key', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index alert_mail_log_address on alert_mail_log (address_key, sent_at)`.execute(db);
  await sql`create index alert_mail_log_sent on alert_mail_log (sent_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_mail_log').execute();
}
