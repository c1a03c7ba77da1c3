import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events')
    .addColumn('event_id', 'serial', (c) => c.primaryKey())
    .addColumn('event_key', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('cover_object', 'text', (c) => c.notNull())
    .addColumn('event_date_text', 'text', (c) => c.notNull())
    .addColumn('eventdate', 'date', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('pin', 'smallint', (c) => c.notNull().defaultTo(0).check(sql`pin in (0, 1)`))
    .addColumn('team_key', 'text')
    .addColumn('on_sale_start', 'timestamptz', (c) => c.notNull())
    .addColumn('on_sale_end', 'timestamptz', (c) => c.notNull())
    .addColumn('retention_days', 'integer', (c) => c.notNull().defaultTo(35))
    .addColumn('is_hybrid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_event_stage', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_mhao', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mhao_price', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('is_mhao_hybrid', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('hybrid_mhao_price', 'numeric(12, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('is_free_download', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_free_download_keep_contract', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('face_threshold', 'real', (c) => c.notNull().defaultTo(0.55))
    .addColumn('max_face_search', 'integer', (c) => c.notNull().defaultTo(500))
    .addColumn('caption_button_buy_all', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_currency', 'text', (c) => c.notNull().defaultTo('THB'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('events_sale_window', sql`on_sale_end >= on_sale_start`)
    .execute();
  // The home grid: on-sale events, pinned first, newest first.
  await db.schema
    .createIndex('events_listing')
    .on('events')
    .expression(sql`pin desc, eventdate desc, event_id desc`)
    .execute();
  await db.schema
    .createIndex('events_sale_window')
    .on('events')
    .columns(['on_sale_start', 'on_sale_end'])
    .execute();
  await db.schema.createIndex('events_team_key').on('events').column('team_key').execute();

  await db.schema
    .createTable('event_packages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('number_of_photo', 'integer', (c) => c.notNull().check(sql`number_of_photo > 0`))
    .addColumn('price', 'numeric(12, 2)', (c) => c.notNull().check(sql`price >= 0`))
    .addUniqueConstraint('event_packages_tier', ['event_id', 'number_of_photo'])
    .execute();

  await db.schema
    .createTable('event_packages_hb')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_packages_hb_event').on('event_packages_hb').column('event_id').execute();

  await db.schema
    .createTable('event_stages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('event_stages_event')
    .on('event_stages')
    .columns(['event_id', 'sort_order'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['event_stages', 'event_packages_hb', 'event_packages', 'events']) {
    await db.schema.dropTable(table).execute();
  }
}
