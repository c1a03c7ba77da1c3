// Confirmation e-mails cannot be sent in bulk from one client: an e-mail alert follows that client's search of the
// event, and a client asks for at most LIMITS.alertEmails a day (the per-address cap is in alerts.test.ts). Real app
// and database; a stand-in engine describes selfies.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../db/events-repo';
import { testDatabases } from '../db/test-databases';
import { memoryLimiter } from '../services/rate-limit';
import { openTestApp, type TestApp } from '../test/app-fixture';
import { TEST_CONSENT } from '../test/consent';
import { standInFaces } from '../test/face-engine';
import { apiLimits, LIMITS } from './api';

const NOW = new Date('2026-11-22T05:00:00Z');
const DAY = 86_400_000;
const SELFIE = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c00000' } })
  .jpeg()
  .toBuffer();
const engine = standInFaces({
  describe: async () => ({
    kind: 'face',
    descriptor: Float32Array.from({ length: 128 }, (_, i) => (i === 1 ? 1 : 0)),
  }),
});

describe.each(testDatabases)('e-mail alerts from one client on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    // The day's e-mail alerts as the store counts them; every other limit out of the way.
    const limits = apiLimits((name) =>
      memoryLimiter(
        name,
        name === 'alert-emails' ? LIMITS.alertEmails : { capacity: 10_000, perMinute: 10_000 },
      ),
    );
    t = await openTestApp(database, NOW, limits);
    t.ctx.faces = engine;
    t.ctx.alerts = {
      canEmail: true,
      pushKeys: async () => ({ publicKey: '', privateKey: '', subject: '' }),
      pushServices: [],
    };
    await insertEvent(t.ctx.db, {
      event: {
        cover_object: 'x/cover.jpg',
        event_date_text: '22 พฤศจิกายน 2569',
        eventdate: '2026-11-22',
        province: 'กรุงเทพมหานคร',
        team_key: null,
        event_key: 'mail-run',
        title: 'Mail run',
        on_sale_start: new Date(NOW.getTime() - DAY),
        on_sale_end: new Date(NOW.getTime() + 30 * DAY),
      },
      packages: [{ name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60' }],
    });
  });
  afterAll(async () => t.close());

  const upload = async () => {
    const signed = (await (
      await t.post('/api/v2/facesearch/sign', {
        event_key: 'mail-run',
        file_name: 'me.jpg',
        file_type: 'image/jpeg',
        consent: TEST_CONSENT,
      })
    ).json()) as { url: string; search_id: string; file_location: string };
    await t.app.request(signed.url, {
      method: 'PUT',
      headers: { 'content-type': 'image/jpg' },
      body: SELFIE,
    });
    return { search_id: signed.search_id, file_location: signed.file_location, consent: TEST_CONSENT };
  };
  const emailAlert = async (email: string) =>
    t.post('/api/v1/alerts', { event_key: 'mail-run', ...(await upload()), language: 'en', email });

  it('refuses an e-mail alert before the client searched the event; after a search, a few a day', async () => {
    const first = await emailAlert('one@example.com');
    expect(first.status).toBe(400);
    expect(await first.json()).toMatchObject({ code: 'search-first', field: 'email' });
    // A bib search that answers is a search too; one that is refused is not.
    expect((await t.post('/api/v1/bibsearch', { event_key: 'nope', bib: '1234' })).status).toBe(404);
    expect((await emailAlert('one@example.com')).status).toBe(400);
    const searched = await t.post('/api/v2/facesearch', { ...(await upload()), event_key: 'mail-run' });
    expect(searched.status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.alertEmails.capacity + 2; i++)
      statuses.push((await emailAlert(`runner${i}@example.com`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS.alertEmails.capacity);
    const refused = await emailAlert('late@example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    expect(await refused.json()).toMatchObject({
      code: 'too-many-alerts',
      message_th: 'มีการขอรับแจ้งทางอีเมลจากที่นี่ครบจำนวนของวันนี้แล้ว กรุณาลองใหม่พรุ่งนี้',
    });
    // Only the accepted ones were made (each refusal kept nothing).
    const rows = await t.ctx.db.selectFrom('photo_alerts').select('id').execute();
    expect(rows).toHaveLength(LIMITS.alertEmails.capacity);
  });
});
