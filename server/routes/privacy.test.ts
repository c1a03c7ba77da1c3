// A face is processed only with the runner's explicit consent of the current notice, recorded with the search or
// alert it was given for (the device named only by a keyed hash); withdrawing from that device marks its consents
// withdrawn and deletes its alerts; an event whose organiser turned face search off takes no selfie.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../core/privacy';
import type { Db } from '../db/database';
import { insertEvent, updateEvent } from '../db/events-repo';
import { insertAlert } from '../db/photo-alerts-repo';
import { testDatabases } from '../db/test-databases';
import { deviceKeyOf, recordConsent } from '../services/privacy/consents';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { TEST_CONSENT } from '../test/consent';

const NOW = new Date('2026-11-28T05:00:00Z');
const DAY = 86_400_000;
const OTHER_DEVICE = 'other-device-0123456789abcdef';

describe.each(testDatabases)('face consent on $name', (database) => {
  let t: TestApp;
  let db: Db;
  let eventId = 0;

  beforeAll(async () => {
    t = await openTestApp(database, NOW);
    db = t.ctx.db;
    const event = (key: string) => ({
      event: {
        event_key: key,
        title: key,
        cover_object: 'x/cover.jpg',
        event_date_text: '28 พฤศจิกายน 2569',
        eventdate: '2026-11-28',
        province: 'ภูเก็ต',
        team_key: null,
        on_sale_start: new Date(NOW.getTime() - DAY),
        on_sale_end: new Date(NOW.getTime() + 30 * DAY),
      },
    });
    eventId = await insertEvent(db, event('consent-run'));
    const off = await insertEvent(db, event('no-faces-run'));
    await updateEvent(db, off, { face_search: false });
  });
  afterAll(() => t.close());

  const sign = (body: Record<string, unknown>) =>
    t.post('/api/v2/facesearch/sign', {
      event_key: 'consent-run',
      file_name: 'me.jpg',
      file_type: 'image/jpeg',
      ...body,
    });

  it('signs no selfie upload without a consent of the current notice, and records the one given', async () => {
    const none = await sign({});
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      code: 'consent-required',
      field: 'consent',
      message_th: 'กรุณายินยอมให้ประมวลผลใบหน้าในรูปเซลฟี่ก่อนค้นหาด้วยรูปนั้น',
    });
    const outdated = await sign({ consent: { ...TEST_CONSENT, version: '2020-01-01' } });
    expect(outdated.status).toBe(400);
    expect(await outdated.json()).toMatchObject({ code: 'consent-required', field: 'consent' });
    const badDevice = await sign({ consent: { ...TEST_CONSENT, device: 'x' } });
    expect(badDevice.status).toBe(400);
    expect(await db.selectFrom('face_consents').selectAll().execute()).toEqual([]);

    const signed = (await (await sign({ consent: TEST_CONSENT })).json()) as { search_id: string };
    const rows = await db.selectFrom('face_consents').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        purpose: 'face-search',
        notice_version: PRIVACY_NOTICE_VERSION,
        event_id: eventId,
        search_id: signed.search_id,
        device_key: deviceKeyOf(t.ctx, TEST_CONSENT.device),
        withdrawn_at: null,
      }),
    ]);
    // The device's own id is never kept.
    expect(JSON.stringify(rows)).not.toContain(TEST_CONSENT.device);
  });

  it('takes no selfie at an event whose organiser turned face search off', async () => {
    const res = await sign({ event_key: 'no-faces-run', consent: TEST_CONSENT });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'face-search-off', field: 'event_key' });
    const search = await t.post('/api/v2/facesearch', {
      search_id: '00000000-0000-4000-8000-000000000000',
      file_location: 'private/selfies/x.jpg',
      event_key: 'no-faces-run',
    });
    expect(search.status).toBe(400);
  });

  it('withdrawing deletes the alerts made under the device’s consents, and only that device’s', async () => {
    const alert = (token: string) =>
      insertAlert(db, {
        event_id: eventId,
        token,
        descriptor: new Uint8Array(512),
        bib: null,
        language: 'en',
        channel: 'push',
        push_endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        push_p256dh: 'p',
        push_auth: 'a',
        email: null,
        confirm_sha256: null,
        after_photo_id: 0,
      });
    const mine = await alert('A'.repeat(32));
    const theirs = await alert('B'.repeat(32));
    await recordConsent(t.ctx, { purpose: 'face-alert', consent: TEST_CONSENT, eventId, alertId: mine });
    await recordConsent(t.ctx, {
      purpose: 'face-alert',
      consent: { ...TEST_CONSENT, device: OTHER_DEVICE },
      eventId,
      alertId: theirs,
    });

    const bad = await t.post('/api/v1/privacy/withdraw', { device: '../x' });
    expect(bad.status).toBe(400);
    const res = await t.post('/api/v1/privacy/withdraw', { device: TEST_CONSENT.device });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'success', body: { consents: 2, alerts_deleted: 1 } });
    const alerts = await db.selectFrom('photo_alerts').select('id').execute();
    expect(alerts.map((a) => a.id)).toEqual([theirs]);
    const left = await db
      .selectFrom('face_consents')
      .select(['device_key', 'withdrawn_at'])
      .where('withdrawn_at', 'is', null)
      .execute();
    expect(left).toEqual([{ device_key: deviceKeyOf(t.ctx, OTHER_DEVICE), withdrawn_at: null }]);
    // Withdrawn twice: nothing more to do.
    const again = await t.post('/api/v1/privacy/withdraw', { device: TEST_CONSENT.device });
    expect(await again.json()).toEqual({ status: 'success', body: { consents: 0, alerts_deleted: 0 } });
  });
});
