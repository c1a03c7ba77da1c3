import { type Kysely, sql } from 'kysely';

// "Tell me when new photos of me arrive": a runner's alert for one event keeps the face's descriptor (never the
// selfie) and the bib if they gave one, and where to tell them: a Web Push subscription of their installed app, or an
// e-mail address confirmed by a link first. Its token is the runner's key to it (the link of each notification and
// e-mail: its photos, stopping it); of the e-mail's confirmation only the SHA-256 is kept. A photo imported after the
// alert was made (`after_photo_id`) that shows the face or the bib is a match; a match waits until its notification
// says it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('photo_alerts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('descriptor', 'bytea')
    .addColumn('bib', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('push_endpoint', 'text')
    .addColumn('push_p256dh', 'text')
    .addColumn('push_auth', 'text')
    .addColumn('email', 'text')
    .addColumn('confirm_sha256', 'text')
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('after_photo_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sent_at', 'timestamptz')
    .addColumn('stopped_at', 'timestamptz')
    .addColumn('stop_reason', 'text')
    .execute();
  await sql`create index photo_alerts_active on photo_alerts (event_id) where stopped_at is null`.execute(db);
  await db.schema
    .createTable('photo_alert_matches')
    .addColumn('alert_id', 'integer', (c) => c.notNull().references('photo_alerts.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('matched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('notified_at', 'timestamptz')
    .addPrimaryKeyConstraint('photo_alert_matches_pk', ['alert_id', 'photo_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photo_alert_matches').execute();
  await db.schema.dropTable('photo_alerts').execute();
}
