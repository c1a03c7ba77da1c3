// Test helper for the order calls: the real app with events of every kind (paid, stage, free, closed, ...), six
// photos each, and helpers that build, create and inquire orders. Call it inside a describe: it opens the app
// before the tests and closes it after.
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, expect } from 'vitest';
import { inquiryAnswerSchema, orderCreateAnswerSchema } from '../../core/contract/order';
import { photoObjectKeys } from '../../core/contract/photos';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import type { TestDatabase } from '../db/test-databases';
import { runJobs } from '../jobs/queue';
import { jobHandlers } from '../jobs/runner';
import type { ApiLimits } from '../routes/api';
import type { Notifier } from '../services/notify/outbox';
import type { PaymentGateway } from '../services/payments/gateway';
import { openTestApp, TEST_APP_TOKEN, type TestApp } from './app-fixture';
import { TEST_CONSENT } from './consent';

export const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
export const at = (days: number) => new Date(NOW.getTime() + days * DAY);

const EVENTS: [string, object][] = [
  ['paid', { is_mhao: true, mhao_price: '399' }],
  ['other', {}],
  ['stage', { is_event_stage: true, is_hybrid: true, is_mhao_hybrid: true, hybrid_mhao_price: '999' }],
  ['free', { is_free_download: true }],
  ['keep', { is_free_download_keep_contract: true }],
  ['keep-priced', { is_free_download_keep_contract: true }],
  ['closed', { on_sale_start: at(-60), on_sale_end: at(-1) }],
  ['upcoming', { on_sale_start: at(3), on_sale_end: at(40) }],
];

let tiny: Buffer | undefined;
/** A small real JPEG (120×80), made once. */
async function tinyJpeg(): Promise<Buffer> {
  tiny ??= await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3a7bd5' } })
    .jpeg()
    .toBuffer();
  return tiny;
}

/** Opening a migrated database and seeding it can outlast the default hook timeout when every file runs at once. */
const SETUP_TIMEOUT_MS = 30_000;

export interface OrderFixtureOptions {
  /** The payment gateway of the app (default the sandbox); called when the app opens. */
  gateway?: (db: Db, now: () => Date) => PaymentGateway;
  /** The app's per-client limits (default: generous enough never to interfere). */
  limits?: () => ApiLimits;
}

export function orderFixture(database: TestDatabase, options: OrderFixtureOptions = {}) {
  let app: TestApp | undefined;
  const photos: Record<string, number[]> = {};
  const consoleNotices: string[] = [];
  const eventIds: Record<string, number> = {};

  const f = {
    get t(): TestApp {
      if (!app) throw new Error('the order fixture is used before beforeAll');
      return app;
    },
    get db(): Db {
      return f.t.ctx.db;
    },
    photos,
    eventIds,
    post: (url: string, body: unknown, headers: Record<string, string> = {}) => f.t.post(url, body, headers),
    /** A signed selfie upload address of an event (a JPEG named me.jpg). */
    signSelfieUpload: async (eventKey: string): Promise<string> => {
      const res = await f.post('/api/v2/facesearch/sign', {
        event_key: eventKey,
        file_name: 'me.jpg',
        file_type: 'image/jpeg',
        consent: TEST_CONSENT,
      });
      return ((await res.json()) as { url: string }).url;
    },
    countOrders: async () =>
      Number(
        (
          await f.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    item: (key: string, i: number) => ({ id: photos[key]?.[i] ?? 0, event_id: eventIds[key] }),
    /** A valid PP order for one photo of "paid": 60.00 + 5% fee. */
    order: (extra: object = {}) => ({
      mobile: '081-234-5678',
      email: 'runner@example.com',
      event_key: 'paid',
      amount: '63.00',
      imageList: [f.item('paid', 0)],
      payment_channel: 'PP',
      ...extra,
    }),
    /** One photo of another event, with that event's key. */
    on: (key: string, extra: object = {}) =>
      f.order({ event_key: key, imageList: [f.item(key, 0)], ...extra }),
    create: async (body: object, version = 'v3', headers: Record<string, string> = {}) => {
      const res = await f.post(`/api/${version}/order/create`, body, headers);
      expect(res.status, await res.clone().text()).toBe(200);
      return v.parse(orderCreateAnswerSchema, await res.json()).uuid;
    },
    inquire: async (uuid: string, version = 'v3') => {
      const res = await f.post(`/api/${version}/order/inquiry`, { tk: TEST_APP_TOKEN, order_uuid: uuid });
      expect(res.status).toBe(200);
      return v.parse(inquiryAnswerSchema, await res.json());
    },
    /** Lines the console notices printed (no e-mail or SMS provider in the fixture unless given). */
    consoleNotices,
    /** Runs the delivery jobs (originals, logos, notices, retention) until none is ready. */
    drainJobs: (notifier: Partial<Notifier> = {}) =>
      // Jobs are queued at the database's own time: claim them by the wall clock, not the fixture's.
      runJobs(
        { db: f.t.ctx.db, now: () => new Date() },
        jobHandlers({
          db: f.t.ctx.db,
          store: f.t.ctx.store,
          now: f.t.ctx.now,
          payments: f.t.ctx.payments,
          notifier: {
            baseUrl: 'https://shop.example',
            retentionDays: 35,
            keptNotice: (notice) => consoleNotices.push(notice.body),
            ...notifier,
          },
        }),
        { until: 'drained' },
      ),
    orderRow: (uuid: string) =>
      f.db.selectFrom('orders').selectAll().where('order_id', '=', uuid).executeTakeFirstOrThrow(),
  };

  beforeAll(async () => {
    app = await openTestApp(database, NOW, options.limits?.(), options.gateway);
    const db = app.ctx.db;
    const base = (key: string, extra: object = {}) => ({
      event: {
        event_key: key,
        title: `งาน ${key}`,
        cover_object: `${key}/cover.jpg`,
        event_date_text: '15 พฤศจิกายน 2569',
        eventdate: '2026-11-15',
        province: 'ภูเก็ต',
        team_key: null,
        on_sale_start: at(-5),
        on_sale_end: at(30),
        ...extra,
      },
      packages: [
        { name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60' },
        { name: '5 ภาพ', name_en: '5 photos', number_of_photo: 5, price: '250' },
      ],
    });
    for (const [key, extra] of EVENTS) {
      const input = base(key, extra);
      if (key === 'keep') input.packages = [{ name: 'ฟรี', name_en: 'free', number_of_photo: 1, price: '0' }];
      const eventId = await insertEvent(db, input);
      eventIds[key] = eventId;
      const rows = await db
        .insertInto('photos')
        .values(
          [1, 2, 3, 4, 5, 6].map((n) => ({
            event_id: eventId,
            photographer_id: 40 + n,
            original_file_name: `DSC_${key}_${n}.JPG`,
            file_name: `${key}-${n}.jpg`,
            width: 1200,
            height: 800,
            taken_at: at(-7),
          })),
        )
        .returning('id')
        .execute();
      photos[key] = rows.map((r) => r.id);
      // Real images in the store, so delivery jobs make real logo versions.
      for (const n of [1, 2, 3, 4, 5, 6]) {
        const keys = photoObjectKeys(key, `${key}-${n}.jpg`);
        await app.store.put(keys.original, await tinyJpeg(), 'image/jpeg');
        await app.store.put(keys.thumbnail, await tinyJpeg(), 'image/jpeg');
      }
    }
  }, SETUP_TIMEOUT_MS);
  afterAll(() => app?.close());

  return f;
}
