import { type Kysely, sql } from 'kysely';

// Personal data as Thailand's PDPA asks (DESIGN §6).
// - events.face_search: the organiser's word that the event's faces may be indexed (off: no face is stored, bib
//   search only); runners_informed: the organiser told runners of face search at registration.
// - bib_reads.face_id may be null: an event without face search reads its bibs under faces it does not keep.
// - face_consents: each explicit consent to process a selfie's face (the notice's version, the time, the event, a
//   keyed hash of the device that gave it), with the search or alert that used it; withdrawn_at once withdrawn.
// - face_removals: a runner's objection: their face kept (with their consent) only to keep them out of search and
//   blurred in public images; the contact that confirmed it kept as a keyed hash and a masked form.
//   face_removal_photos: where each removed face was, so the public images can be remade blurred (and unblurred).
// - privacy_codes: one-time codes sent to a phone or an e-mail (only the code's hash and the destination's keyed
//   hash are kept), counted per destination and per client.
// - audit_log: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE): who read or changed personal data.
// - orders: contact_key (a keyed hash of the phone and e-mail, kept while a masked contact is), and when the
//   contact was masked at its owner's request and erased.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table events add column face_search boolean not null default true`.execute(db);
  await sql`alter table events add column runners_informed boolean not null default false`.execute(db);
  // An event without face search still reads bibs under the faces it finds, but keeps no face: no face row to name.
  await sql`alter table bib_reads alter column face_id drop not null`.execute(db);

  await db.schema
    .createTable('face_removals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('descriptor', 'bytea')
    .addColumn('contact_key', 'text', (c) => c.notNull())
    .addColumn('contact_masked', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('th'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('undone_at', 'timestamptz')
    .addColumn('undone_by', 'text')
    .addColumn('faces_removed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index face_removals_active on face_removals (id) where state = 'active'`.execute(db);
  await sql`create index face_removals_contact on face_removals (contact_key)`.execute(db);
  await db.schema
    .createTable('face_removal_photos')
    .addColumn('removal_id', 'integer', (c) => c.notNull().references('face_removals.id').onDelete('cascade'))
    .addColumn('photo_id', 'integer', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('box_x', 'real', (c) => c.notNull())
    .addColumn('box_y', 'real', (c) => c.notNull())
    .addColumn('box_w', 'real', (c) => c.notNull())
    .addColumn('box_h', 'real', (c) => c.notNull())
    .execute();
  await sql`create index face_removal_photos_photo on face_removal_photos (photo_id)`.execute(db);
  await sql`create index face_removal_photos_removal on face_removal_photos (removal_id)`.execute(db);

  await db.schema
    .createTable('face_consents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('notice_version', 'text', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.references('events.event_id').onDelete('set null'))
    .addColumn('device_key', 'text', (c) => c.notNull())
    .addColumn('search_id', 'text')
    .addColumn('alert_id', 'integer', (c) => c.references('photo_alerts.id').onDelete('set null'))
    .addColumn('removal_id', 'integer', (c) => c.references('face_removals.id').onDelete('set null'))
    .addColumn('given_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('withdrawn_at', 'timestamptz')
    .execute();
  await sql`create index face_consents_device on face_consents (device_key)`.execute(db);
  await sql`create index face_consents_search on face_consents (search_id) where search_id is not null`.execute(
    db,
  );

  await db.schema
    .createTable('privacy_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('destination_key', 'text', (c) => c.notNull())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('code_sha256', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await sql`create index privacy_codes_destination on privacy_codes (destination_key, created_at)`.execute(
    db,
  );
  await sql`create index privacy_codes_client on privacy_codes (client_key, created_at)`.execute(db);

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('records', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create index audit_log_at on audit_log (at)`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end
    $$`.execute(db);
  await sql`
    create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);

  await sql`alter table orders add column contact_key text`.execute(db);
  await sql`alter table orders add column contact_masked_at timestamptz`.execute(db);
  await sql`alter table orders add column contact_erased_at timestamptz`.execute(db);
  await sql`create index orders_contact_key on orders (contact_key) where contact_key is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['contact_key', 'contact_masked_at', 'contact_erased_at']) {
    await sql`alter table orders drop column ${sql.ref(column)}`.execute(db);
  }
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.dropTable('privacy_codes').execute();
  await db.schema.dropTable('face_consents').execute();
  await db.schema.dropTable('face_removal_photos').execute();
  await db.schema.dropTable('face_removals').execute();
  await sql`delete from bib_reads where face_id is null`.execute(db);
  await sql`alter table bib_reads alter column face_id set not null`.execute(db);
  await sql`alter table events drop column runners_informed`.execute(db);
  await sql`alter table events drop column face_search`.execute(db);
}
