import type { Kysely } from 'kysely';

// events.card_frame: the object key of the event's frame for finisher cards (its logo or sponsors' strip, a PNG
// with transparency laid over the card), set by `admin update-event --card-frame`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('card_frame', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('card_frame').execute();
}
