import { type Kysely, sql } from 'kysely';

// Photos arrive while the race runs, from photographers' upload links and hot folders: each photo keeps
// its content's SHA-256 (hex) so that a file sent twice is one photo (unique per event; photos imported before, and
// the demo's, have none). A photographer's upload link is kept as the SHA-256 of its secret only.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').addColumn('content_sha256', 'text').execute();
  await sql`create unique index photos_event_content on photos (event_id, content_sha256)
    where content_sha256 is not null`.execute(db);
  await db.schema
    .createTable('photographer_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('photographer_id', 'integer', (c) => c.notNull())
    .addColumn('secret_sha256', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('photographer_links').execute();
  await sql`drop index if exists photos_event_content`.execute(db);
  await db.schema.alterTable('photos').dropColumn('content_sha256').execute();
}
