import { type Kysely, sql } from 'kysely';

// Each face belongs to a likely person of its event (server/faces/people.ts): the id of that person's
// first face. Faces stored before this have none; a group-faces job per event groups them (the engine counts a face
// without a person as a person of its own meanwhile).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('faces').addColumn('person_id', 'bigint').execute();
  await sql`
    insert into jobs (kind, payload)
    select 'group-faces', jsonb_build_object('event_id', event_id)
    from faces group by event_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from jobs where kind = 'group-faces'`.execute(db);
  await db.schema.alterTable('faces').dropColumn('person_id').execute();
}
