import { type Kysely, sql } from 'kysely';

// events.card_frame: the object key of the event's frame for finisher cards (its logo or sponsors' strip, a PNG
// with transparency laid over the card), set by `admin update-event --card-frame`.
// finisher_pages: a runner's public finisher page, made only when they ask to share a link: its code (in the page's
// address), the order and photo it was made from, the bib, the language, the words of its title (the runner's name and
// time, as on the card); the card and link-preview images kept for it are named by the code. No contact data. Deleted
// by the runner (the code's secret link), by a refund, by a face removal in its photo, and with the event.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('card_frame', 'text').execute();
  await db.schema
    .createTable('finisher_pages')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('photo_id', 'bigint', (c) => c.notNull())
    .addColumn('bib', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('headline', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One page per photo, bib and language of an order: asking again answers the same page.
  await sql`create unique index finisher_pages_subject on finisher_pages (order_id, photo_id, bib, language)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('finisher_pages').execute();
  await db.schema.alterTable('events').dropColumn('card_frame').execute();
}
