import { type Kysely, sql } from 'kysely';

// The bib numbers read under each face at indexing (server/bibs/), the event's bib rule (how many digits,
// optionally a range) and its optional start list (bib, name, category). Reads are kept as read (digits, with
// their confidence and box); the event's rule and list are applied when they are searched or listed, so a rule
// changed later takes effect at once. Photos indexed before this have their bibs read by a read-bibs job per event.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bib_reads')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('photo_id', 'bigint', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    // A photo's faces are replaced when it is indexed again: its reads go with them.
    .addColumn('face_id', 'bigint', (c) => c.notNull().references('faces.id').onDelete('cascade'))
    .addColumn('bib', 'text', (c) => c.notNull())
    .addColumn('confidence', 'real', (c) => c.notNull())
    .addColumn('box_x', 'real', (c) => c.notNull())
    .addColumn('box_y', 'real', (c) => c.notNull())
    .addColumn('box_w', 'real', (c) => c.notNull())
    .addColumn('box_h', 'real', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bib_reads_event_bib').on('bib_reads').columns(['event_id', 'bib']).execute();
  await db.schema.createIndex('bib_reads_photo').on('bib_reads').column('photo_id').execute();
  await db.schema.createIndex('bib_reads_face').on('bib_reads').column('face_id').execute();
  // Whether the photo's bibs were read (with its faces, or by the read-bibs job for photos indexed before).
  await db.schema
    .alterTable('photos')
    .addColumn('bibs_read', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .alterTable('events')
    .addColumn('bib_min_digits', 'smallint', (c) => c.notNull().defaultTo(3))
    .addColumn('bib_max_digits', 'smallint', (c) => c.notNull().defaultTo(5))
    .addColumn('bib_from', 'integer')
    .addColumn('bib_to', 'integer')
    .execute();
  await db.schema
    .createTable('start_list')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('bib', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('start_list_pk', ['event_id', 'bib'])
    .execute();
  await sql`
    insert into jobs (kind, payload)
    select 'read-bibs', jsonb_build_object('event_id', event_id)
    from photos where index_state = 'indexed' and purged_at is null group by event_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where kind = 'read-bibs'`.execute(db);
  await db.schema.dropTable('start_list').execute();
  await db.schema
    .alterTable('events')
    .dropColumn('bib_min_digits')
    .dropColumn('bib_max_digits')
    .dropColumn('bib_from')
    .dropColumn('bib_to')
    .execute();
  await db.schema.alterTable('photos').dropColumn('bibs_read').execute();
  await db.schema.dropTable('bib_reads').execute();
}
