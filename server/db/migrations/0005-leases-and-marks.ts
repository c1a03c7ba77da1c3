import { type Kysely, sql } from 'kysely';

// Job leases: a claim writes its own token in locked_by and renews locked_at while the job runs, so a dead worker's
// job is taken again within a minute, and only the claim that holds a job can finish it.
// Store marks: facts about the store's own life that must survive a crash (demo data seeding begun and finished).
// Rate limits: the counters API processes share (rate-limiter-flexible's table, in its own shape).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('locked_by', 'text').execute();
  await db.schema
    .createIndex('jobs_running_lease')
    .on('jobs')
    .column('locked_at')
    .where(sql.ref('state'), '=', 'running')
    .execute();
  await db.schema
    .createTable('store_marks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('store_marks').execute();
  await db.schema.dropIndex('jobs_running_lease').execute();
  await db.schema.alterTable('jobs').dropColumn('locked_by').execute();
}
