import { type Kysely, sql } from 'kysely';

// A selfie is deleted as soon as its search has answered (at the latest a minute after its upload): the
// search row says when its selfie was deleted, and stays a little longer for an upload that began before its
// address expired. Photos keep the camera that took them (EXIF make, model and body serial), so that "nearby
// frames" (the same photographer's photos a few seconds before and after a match) tell photographers apart even when
// an import did not name them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('face_searches').addColumn('selfie_deleted_at', 'timestamptz').execute();
  await db.schema
    .alterTable('photos')
    .addColumn('camera', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('photos_nearby')
    .on('photos')
    .columns(['event_id', 'photographer_id', 'camera', 'taken_at'])
    .execute();
  // The purge's two passes: selfies still to delete, then rows to forget.
  await db.schema
    .createIndex('face_searches_undeleted')
    .on('face_searches')
    .column('purge_after')
    .where(sql.ref('selfie_deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('face_searches_undeleted').execute();
  await db.schema.dropIndex('photos_nearby').execute();
  await db.schema.alterTable('photos').dropColumn('camera').execute();
  await db.schema.alterTable('face_searches').dropColumn('selfie_deleted_at').execute();
}
