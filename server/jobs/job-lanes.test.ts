// A buyer's delivery never waits behind other work: with a burst of runners' confirmation e-mails queued first and a
// slow mail server, a paid order's notice is sent while most of the burst still waits (one loop for everything sent
// it after the whole burst). Real job runner, real queue, PGlite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { insertEvent } from '../db/events-repo';
import { insertNotices } from '../db/notices-repo';
import { insertOrder } from '../db/orders-repo';
import { insertAlert } from '../db/photo-alerts-repo';
import { insertPhotos } from '../db/photos-repo';
import { testDatabases } from '../db/test-databases';
import type { EmailMessage } from '../services/notify/email';
import { DiskStore } from '../storage/disk-store';
import { orderRow } from '../test/order-rows';
import { JOBS, kindsOfLane } from './kinds';
import { enqueue } from './queue';
import { RUNNER_LANES, startJobRunner } from './runner';

const BURST = 40;
const MAIL_MS = 150;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('money and delivery have a lane of their own, which the runner takes with the alerts and the upkeep', () => {
  expect(kindsOfLane('delivery').sort()).toEqual(
    ['notify-order', 'prepare-logos', 'prepare-originals', 'refund-duplicate', 'send-notice'].sort(),
  );
  expect(RUNNER_LANES).toEqual(['delivery', 'alerts', 'upkeep']);
  // Every kind is run by some process: the runner's lanes, the face engine's, the backup service's.
  const lanes = new Set(Object.values(JOBS).map((job) => job.lane));
  expect([...lanes].sort()).toEqual([...RUNNER_LANES, 'faces', 'backups'].sort());
});

describe.each(testDatabases)('job lanes on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lanes-'));
  beforeAll(async () => {
    ({ db, close } = await database.open());
  });
  afterAll(async () => {
    await close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a paid order’s notice goes out while a burst of confirmation e-mails queued before it still waits', async () => {
    const now = new Date();
    const eventId = await insertEvent(db, {
      event: {
        cover_object: 'x/cover.jpg',
        event_date_text: 'today',
        eventdate: now.toISOString().slice(0, 10),
        province: 'กรุงเทพมหานคร',
        team_key: null,
        event_key: 'lane-run',
        title: 'Lane run',
        on_sale_start: new Date(now.getTime() - 86_400_000),
        on_sale_end: new Date(now.getTime() + 86_400_000),
      },
      packages: [{ name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60' }],
    });
    // The burst: runners' alerts each waiting for its confirmation e-mail.
    for (let i = 0; i < BURST; i++) {
      const alertId = await insertAlert(db, {
        event_id: eventId,
        token: randomUUID().replace(/-/g, ''),
        descriptor: null,
        bib: String(1000 + i),
        language: 'en',
        channel: 'email',
        push_endpoint: null,
        push_p256dh: null,
        push_auth: null,
        email: `runner${i}@example.com`,
        confirm_sha256: randomUUID(),
        after_photo_id: 0,
      });
      await enqueue(db, 'send-alert-confirmation', { alert_id: alertId, secret: randomUUID() });
    }
    // Then a paid order's delivery notice.
    const [photoId] = await insertPhotos(db, [
      {
        event_id: eventId,
        stage_id: null,
        original_file_name: 'a.jpg',
        file_name: 'a.jpg',
        width: 10,
        height: 10,
        taken_at: now,
        index_error: null,
      },
    ]);
    const orderId = randomUUID();
    await insertOrder(
      db,
      orderRow({
        order_id: orderId,
        event_id: eventId,
        email: 'buyer@example.com',
        amount: '60.00',
        created_at: now,
        paid_at: now,
      }),
      [photoId as number],
      undefined,
    );
    const [noticeId] = await insertNotices(db, [
      {
        order_id: orderId,
        job_id: 1,
        channel: 'email',
        recipient: 'buyer@example.com',
        subject: 'Your photos',
        body: 'download link',
      },
    ]);
    await enqueue(db, 'send-notice', { notice_id: noticeId as number });

    const sent: EmailMessage[] = [];
    const runner = startJobRunner(
      {
        db,
        store: new DiskStore(root, { baseUrl: '/storage', signingSecret: 'lanes-secret' }),
        now: () => new Date(),
        notifier: {
          baseUrl: 'https://photos.example',
          retentionDays: 35,
          email: {
            async send(message) {
              await sleep(MAIL_MS);
              sent.push(message);
              return { messageId: String(sent.length) };
            },
            close() {},
          },
        },
      },
      { pollMs: 50 },
    );
    try {
      const until = Date.now() + 60_000;
      while (!sent.some((m) => m.to === 'buyer@example.com') && Date.now() < until) await sleep(20);
      const confirmationsBefore = sent.filter((m) => m.to !== 'buyer@example.com').length;
      expect(sent.some((m) => m.to === 'buyer@example.com')).toBe(true);
      // Sent among the first few, not after the forty queued before it.
      expect(confirmationsBefore).toBeLessThan(BURST / 2);
    } finally {
      await runner.stop();
    }
  }, 90_000);
});
