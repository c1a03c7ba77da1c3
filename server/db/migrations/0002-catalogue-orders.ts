import { type Kysely, sql } from 'kysely';

// Teams, banners, photos and their faces, selfie searches, orders, payments, logs, configuration and the job
// queue: every entity of SPEC §3 beyond events, with an index for each query the calls make.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('team_key', 'text', (c) => c.primaryKey())
    .addColumn('team_name', 'text', (c) => c.notNull())
    .addColumn('team_description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('team_facebook_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover_object', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('image_object', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('banners_active').on('banners').columns(['active', 'sort_order']).execute();

  await db.schema
    .createTable('photos')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('stage_id', 'integer', (c) => c.references('event_stages.id').onDelete('set null'))
    .addColumn('photographer_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('original_file_name', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('taken_at', 'timestamptz', (c) => c.notNull())
    .addColumn('is_highlight', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_manual', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('index_state', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`index_state in ('pending', 'indexed', 'failed')`),
    )
    .addColumn('index_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('photos_event_file', ['event_id', 'file_name'])
    .execute();
  await db.schema
    .createIndex('photos_stage_time')
    .on('photos')
    .columns(['event_id', 'stage_id', 'taken_at'])
    .execute();
  await db.schema.createIndex('photos_event_time').on('photos').columns(['event_id', 'taken_at']).execute();
  await db.schema
    .createIndex('photos_highlight')
    .on('photos')
    .columns(['event_id', 'id'])
    .where(sql.ref('is_highlight'), '=', true)
    .execute();

  await db.schema
    .createTable('faces')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('photo_id', 'bigint', (c) => c.notNull().references('photos.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('box_x', 'real', (c) => c.notNull())
    .addColumn('box_y', 'real', (c) => c.notNull())
    .addColumn('box_w', 'real', (c) => c.notNull())
    .addColumn('box_h', 'real', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('descriptor', 'bytea', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faces_event').on('faces').columns(['event_id', 'id']).execute();
  await db.schema.createIndex('faces_photo').on('faces').column('photo_id').execute();

  await db.schema
    .createTable('face_searches')
    .addColumn('search_id', 'uuid', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addColumn('file_location', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('purge_after', 'timestamptz', (c) => c.notNull())
    .addColumn('searched_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('face_searches_purge').on('face_searches').column('purge_after').execute();

  await db.schema
    .createTable('orders')
    .addColumn('order_id', 'uuid', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id'))
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('paid_amount', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('payment_currency', 'text', (c) => c.notNull().defaultTo('THB'))
    .addColumn('payment_status', 'text', (c) =>
      c.notNull().defaultTo('INITIAL').check(sql`payment_status in ('INITIAL', 'PAID')`),
    )
    .addColumn('payment_gateway', 'text', (c) => c.notNull())
    .addColumn('payment_channel', 'text', (c) =>
      c.notNull().check(sql`payment_channel in ('PP', 'CC', 'AM', 'FREE')`),
    )
    .addColumn('payment_ref', 'text')
    .addColumn('qrcode_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_mhao', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('order_team', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('coupon_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('am_order_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('api_version', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('is_original_image_created', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_logo_image_created', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_send_sms', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_send_email', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('orders_mobile').on('orders').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('orders_payment_ref').on('orders').column('payment_ref').execute();
  await db.schema
    .createIndex('orders_am_pending')
    .on('orders')
    .column('created_at')
    .where(sql<boolean>`payment_channel = 'AM' and payment_status = 'INITIAL'`)
    .execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
    .addColumn('photo_id', 'bigint', (c) => c.notNull().references('photos.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'photo_id'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
    .addColumn('gateway', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('amount', 'numeric(12, 2)', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('gateway_ref', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('payments_order').on('payments').column('order_id').execute();

  await db.schema
    .createTable('logs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('cart_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('list', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('logs_event_time').on('logs').columns(['event_key', 'created_at']).execute();

  await db.schema
    .createTable('conf')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`state in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('error', 'text')
    .addColumn('result', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('jobs_ready')
    .on('jobs')
    .columns(['kind', 'run_after', 'id'])
    .where(sql.ref('state'), '=', 'queued')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'jobs',
    'conf',
    'logs',
    'payments',
    'order_items',
    'orders',
    'face_searches',
    'faces',
    'photos',
    'banners',
    'teams',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
