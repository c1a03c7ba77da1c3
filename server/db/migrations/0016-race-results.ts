import { type Kysely, sql } from 'kysely';

// An event's official results (the timing company's export): per bib, the runner's name and category, their
// status (finished, DNF, DNS, DQ), gun and chip times (ms), the finish clock time and their places. A newer file
// replaces the older whole. Results hold runners' names and times: deleted with their event (retention, purge).
// camera_offsets: how far a photographer's camera clock is from the timing clock at an event (ms, camera minus
// timing), when the operator set it by hand; otherwise it is estimated from the bibs read near the finish.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('race_results')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('bib', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('gun_ms', 'integer')
    .addColumn('chip_ms', 'integer')
    .addColumn('finish_at', 'timestamptz')
    .addColumn('place', 'integer')
    .addColumn('category_place', 'integer')
    .addPrimaryKeyConstraint('race_results_pk', ['event_id', 'bib'])
    .execute();
  // The time tier looks for the runners who finished around a photo's moment.
  await sql`create index race_results_finish on race_results (event_id, finish_at) where finish_at is not null`.execute(
    db,
  );
  await db.schema
    .createTable('camera_offsets')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('photographer_id', 'integer', (c) => c.notNull())
    .addColumn('offset_ms', 'integer', (c) => c.notNull())
    .addColumn('set_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('camera_offsets_pk', ['event_id', 'photographer_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('camera_offsets').execute();
  await db.schema.dropTable('race_results').execute();
}
