import type { Kysely } from 'kysely';

// Which way a photo's public images (thumbnail, preview) were made: rows before this migration have the 1600 px
// preview with a corner stamp (1); the import writes the version it makes. A job remakes older ones.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('photos')
    .addColumn('preview_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('preview_version').execute();
}
