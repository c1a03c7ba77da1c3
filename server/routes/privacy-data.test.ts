import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRIVACY_CODE_TRIES } from '../../core/privacy';
import { readAudit } from '../db/audit-repo';
import { testDatabases } from '../db/test-databases';
import { captureLogs } from '../ops/log';
import type { EmailMessage, EmailSender } from '../services/notify/email';
import { thaiBulkSmsSender } from '../services/notify/sms';
import { destinationKey, issueAccess } from '../services/privacy/access';
import type { CodeSenders } from '../services/privacy/codes';
import { memoryLimiter } from '../services/rate-limit';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { type FakeSms, startFakeSms } from '../test/fakes/fake-sms';
import { orderFixture } from '../test/order-fixtures';
import { apiLimits } from './api';

const A_MOBILE = '0812345678';
const A_EMAIL = 'somchai@example.com';
const B_MOBILE = '0899999911';
const B_EMAIL = 'other@example.com';
const DAY = 86_400_000;

interface Logged {
  request_id: string;
  sent_to: string;
  code: string;
}

describe.each(testDatabases)('a person’s own data on $name', (database) => {
  // Forwarded addresses trusted: each test's requests can come from a client of its choosing.
  const f = orderFixture(database, {
    limits: () => apiLimits((name) => memoryLimiter(name, { capacity: 10_000, perMinute: 10_000 }), 1),
  });
  const logged: Logged[] = [];
  const mails: EmailMessage[] = [];
  let sms: FakeSms;
  const email: EmailSender = {
    async send(message) {
      mails.push(message);
      return { messageId: `m${mails.length}` };
    },
    close() {},
  };
  const setSenders = (senders: CodeSenders) => Object.assign(f.t.ctx, { senders });
  const toLog: CodeSenders = { logged: (code) => logged.push(code) };

  beforeAll(async () => {
    sms = await startFakeSms();
  });
  afterAll(() => sms.close());
  beforeEach(async () => {
    await f.db.deleteFrom('privacy_codes').execute();
    logged.length = 0;
    mails.length = 0;
    sms.sent.length = 0;
    setSenders(toLog);
  });

  const askCode = (destination: object, client = '203.0.113.7', purpose = 'export') =>
    f.post('/api/v1/privacy/code', { purpose, destination, language: 'th' }, { 'x-forwarded-for': client });
  const verify = (request_id: string, code: string, destination: object) =>
    f.post('/api/v1/privacy/verify', { request_id, code, destination });
  /** A code asked for and typed: the access to the destination's data. */
  const accessTo = async (destination: object): Promise<string> => {
    const asked = await askCode(destination);
    expect(asked.status, await asked.clone().text()).toBe(200);
    const sent = logged.at(-1) as Logged;
    const res = await verify(sent.request_id, sent.code, destination);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { body: { access: string } }).body.access;
  };
  const exportOf = async (access: string) => {
    const res = await f.post('/api/v1/privacy/data', { access });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { body: import('../../core/contract/privacy-data').HeldData }).body;
  };

  describe('codes', () => {
    it('writes the code to the log of a sandbox store without SMS or e-mail, and opens once', async () => {
      setSenders({});
      const logs = captureLogs('info');
      let res: Response;
      try {
        res = await askCode({ mobile: '081-234-5678' });
      } finally {
        logs.restore();
      }
      expect(res.status).toBe(200);
      const body = (await res.json()) as { body: { request_id: string; sent_to: string; minutes: number } };
      expect(body.body).toMatchObject({ sent_to: '08******78', minutes: 15 });
      const line = logs.lines.find((l) => l.request_id === body.body.request_id);
      expect(line?.code).toMatch(/^\d{6}$/);
      expect(JSON.stringify(logs.lines)).not.toContain(A_MOBILE);
      const right = await verify(body.body.request_id, String(line?.code), { mobile: A_MOBILE });
      expect(right.status).toBe(200);
      const again = await verify(body.body.request_id, String(line?.code), { mobile: A_MOBILE });
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ code: 'code-expired' });
    });

    it('sends the code by SMS and by e-mail when the store has them', async () => {
      setSenders({
        sms: thaiBulkSmsSender({
          apiUrl: sms.url,
          apiKey: sms.key,
          apiSecret: sms.secret,
          sender: 'RunFoto',
        }),
        email,
      });
      expect((await askCode({ mobile: A_MOBILE })).status).toBe(200);
      expect(sms.sent).toHaveLength(1);
      expect(sms.sent[0]?.msisdn).toBe(A_MOBILE);
      const smsCode = /\d{6}/.exec(sms.sent[0]?.message ?? '')?.[0];
      expect(smsCode).toBeDefined();
      const res = await askCode({ email: ' Somchai@Example.com ' });
      expect(res.status).toBe(200);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.to).toBe(A_EMAIL);
      expect(mails[0]?.text).toContain('15');
      expect(mails[0]?.text).toMatch(/ignore this/i);
      expect(mails[0]?.text).toContain('หากคุณไม่ได้ขอรหัสนี้');
      const code = /\d{6}/.exec(mails[0]?.subject ?? '')?.[0] as string;
      const { body } = (await res.json()) as { body: { request_id: string } };
      expect((await verify(body.request_id, code, { email: A_EMAIL })).status).toBe(200);
      expect(logged).toHaveLength(0);
    });

    it('refuses on a real store that cannot send to that kind of destination', async () => {
      setSenders({ email });
      const payments = f.t.ctx.payments;
      Object.assign(f.t.ctx, { payments: { ...payments, name: 'GBPRIMEPAY' } });
      try {
        const res = await askCode({ mobile: A_MOBILE });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'cannot-send', field: 'destination' });
        expect((await askCode({ email: A_EMAIL })).status).toBe(200);
      } finally {
        Object.assign(f.t.ctx, { payments });
      }
    });

    it('answers the same whether or not anything is held under the destination', async () => {
      await f.create(f.order({ mobile: A_MOBILE }));
      const held = await askCode({ mobile: A_MOBILE });
      const none = await askCode({ mobile: '0870000000' });
      expect(held.status).toBe(none.status);
      const shape = (answer: unknown) => {
        const body = (answer as { body: Record<string, unknown> }).body;
        return Object.keys(body).sort().join() + String(body.minutes);
      };
      expect(shape(await held.json())).toBe(shape(await none.json()));
      expect(logged).toHaveLength(2);
    });

    it('answers odd requests with a 4xx, never a 5xx', async () => {
      const bodies = [
        'not json',
        [],
        {},
        { purpose: 'export', destination: { mobile: 'x' }, language: 'th' },
        { purpose: 'export', destination: { mobile: A_MOBILE, email: A_EMAIL }, language: 'xx' },
        { request_id: 'r'.repeat(20), code: '12345', destination: { mobile: A_MOBILE } },
        { request_id: 'r'.repeat(20), code: '123456' },
        { access: 'a.b.c.d'.repeat(5) },
        { access: `0.zzzzzz.${'A'.repeat(16)}.${'B'.repeat(40)}` },
      ];
      for (const path of ['code', 'verify', 'data', 'erase'])
        for (const body of bodies) {
          const res = await f.post(`/api/v1/privacy/${path}`, body);
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
      const unknown = await verify('r'.repeat(20), '123456', { mobile: A_MOBILE });
      expect(await unknown.json()).toMatchObject({ code: 'code-expired' });
    });

    it('refuses an empty e-mail', async () => {
      const res = await askCode({ email: '' });
      expect(res.status).toBe(400);
    });

    it('counts wrong tries, then kills the code; a code for another destination is wrong', async () => {
      await askCode({ mobile: A_MOBILE });
      const sent = logged[0] as Logged;
      const wrong = sent.code === '000000' ? '000001' : '000000';
      const first = await verify(sent.request_id, wrong, { mobile: A_MOBILE });
      expect(first.status).toBe(400);
      expect(await first.json()).toMatchObject({
        code: 'wrong-code',
        message: expect.stringContaining('4 tries'),
      });
      const otherPhone = await verify(sent.request_id, sent.code, { mobile: B_MOBILE });
      expect(await otherPhone.json()).toMatchObject({ code: 'wrong-code' });
      for (let i = 2; i < PRIVACY_CODE_TRIES; i += 1)
        await verify(sent.request_id, wrong, { mobile: A_MOBILE });
      const dead = await verify(sent.request_id, sent.code, { mobile: A_MOBILE });
      expect(dead.status).toBe(429);
      expect(await dead.json()).toMatchObject({ code: 'too-many-tries' });
    });

    it('lets a code expire after its minutes', async () => {
      await askCode({ mobile: A_MOBILE });
      const sent = logged[0] as Logged;
      const now = f.t.ctx.now();
      f.t.setNow(new Date(now.getTime() + 16 * 60_000));
      try {
        const res = await verify(sent.request_id, sent.code, { mobile: A_MOBILE });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: 'code-expired' });
      } finally {
        f.t.setNow(now);
      }
    });

    it('limits codes per destination and per client a day, with Retry-After', async () => {
      for (let i = 0; i < 5; i += 1)
        expect((await askCode({ mobile: A_MOBILE }, `198.51.100.${i + 1}`)).status).toBe(200);
      const sixth = await askCode({ mobile: A_MOBILE }, '198.51.100.99');
      expect(sixth.status).toBe(429);
      expect(await sixth.json()).toMatchObject({ code: 'too-many-codes' });
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      expect((await askCode({ mobile: B_MOBILE }, '198.51.100.99')).status).toBe(200);

      for (let i = 0; i < 10; i += 1)
        expect((await askCode({ mobile: `08700000${10 + i}` }, '192.0.2.50')).status).toBe(200);
      const eleventh = await askCode({ mobile: '0870000099' }, '192.0.2.50');
      expect(eleventh.status).toBe(429);
      expect(await eleventh.json()).toMatchObject({ code: 'too-many-codes' });
      expect((await askCode({ mobile: '0870000099' }, '192.0.2.51')).status).toBe(200);
      // A day later the destination may have codes again.
      const now = f.t.ctx.now();
      f.t.setNow(new Date(now.getTime() + DAY + 60_000));
      try {
        expect((await askCode({ mobile: A_MOBILE }, '198.51.100.99')).status).toBe(200);
      } finally {
        f.t.setNow(now);
      }
    });

    it('counts codes asked for at once exactly (no request takes the last one twice)', async () => {
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, i) => askCode({ mobile: A_MOBILE }, `198.51.100.${i + 1}`)),
      );
      expect(answers.filter((res) => res.status === 200)).toHaveLength(5);
      expect(answers.filter((res) => res.status === 429)).toHaveLength(4);
    });

    it('refuses an access for another purpose, changed, or expired', async () => {
      const ctx = f.t.ctx;
      const removal = issueAccess(ctx, { kind: 'mobile', value: A_MOBILE }, 'removal', ctx.now());
      const other = await f.post('/api/v1/privacy/data', { access: removal });
      expect(other.status).toBe(401);
      expect(await other.json()).toMatchObject({ code: 'access-expired' });
      const good = issueAccess(ctx, { kind: 'mobile', value: A_MOBILE }, 'export', ctx.now());
      const changed = `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`;
      expect((await f.post('/api/v1/privacy/data', { access: changed })).status).toBe(401);
      const old = issueAccess(
        ctx,
        { kind: 'mobile', value: A_MOBILE },
        'export',
        new Date(ctx.now().getTime() - 31 * 60_000),
      );
      expect((await f.post('/api/v1/privacy/erase', { access: old })).status).toBe(401);
      expect((await f.post('/api/v1/privacy/data', { access: 'x'.repeat(30) })).status).toBe(401);
      expect((await f.post('/api/v1/privacy/data', { access: good })).status).toBe(200);
    });
  });

  describe('export and erasure', () => {
    let eventId = 0;
    const setUp = async () => {
      const db = f.db;
      eventId = f.eventIds.paid as number;
      for (const table of [
        'notices',
        'payments',
        'order_items',
        'orders',
        'photo_alerts',
        'face_removals',
      ] as const)
        await db.deleteFrom(table).execute();
      const aNew = await f.create(f.order({ mobile: A_MOBILE, email: A_EMAIL }));
      const aOld = await f.create(f.order({ mobile: A_MOBILE, email: '', imageList: [f.item('paid', 1)] }));
      const aByEmail = await f.create(f.order({ mobile: '0811111111', email: 'SOMCHAI@example.com' }));
      const b = await f.create(f.order({ mobile: B_MOBILE, email: B_EMAIL }));
      // The old order is older than the contacts' retention (730 days).
      await db
        .updateTable('orders')
        .set({ created_at: new Date(f.t.ctx.now().getTime() - 800 * DAY) })
        .where('order_id', '=', aOld)
        .execute();
      await db
        .insertInto('notices')
        .values([
          { order_id: aNew, job_id: 1, channel: 'sms', recipient: A_MOBILE, body: 'link' },
          { order_id: aNew, job_id: 2, channel: 'email', recipient: A_EMAIL, body: 'link' },
          { order_id: b, job_id: 3, channel: 'sms', recipient: B_MOBILE, body: 'link' },
        ])
        .execute();
      const alert = (email: string, bib: string) =>
        db
          .insertInto('photo_alerts')
          .values({
            event_id: eventId,
            token: `token-${bib}-${Math.random()}`,
            descriptor: new Uint8Array(512),
            bib,
            language: 'th',
            channel: 'email',
            email,
            after_photo_id: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const aAlert = (await alert(A_EMAIL, '1234')).id;
      const bAlert = (await alert(B_EMAIL, '9999')).id;
      await db
        .insertInto('photo_alert_matches')
        .values({ alert_id: aAlert, photo_id: f.photos.paid?.[2] as number })
        .execute();
      await db
        .insertInto('face_consents')
        .values([
          {
            purpose: 'face-alert',
            notice_version: 'v',
            event_id: eventId,
            device_key: 'a',
            alert_id: aAlert,
          },
          {
            purpose: 'face-alert',
            notice_version: 'v',
            event_id: eventId,
            device_key: 'b',
            alert_id: bAlert,
          },
        ])
        .execute();
      const removal = (key: string) =>
        db
          .insertInto('face_removals')
          .values({ contact_key: key, contact_masked: 'x', state: 'active', faces_removed: 3 })
          .returning('id')
          .executeTakeFirstOrThrow();
      const aRemoval = (await removal(destinationKey(f.t.ctx, A_MOBILE))).id;
      await removal(destinationKey(f.t.ctx, B_MOBILE));
      return { aNew, aOld, aByEmail, b, aAlert, bAlert, aRemoval };
    };

    it('exports exactly what is held under a phone and an e-mail, nothing of another person, audited', async () => {
      const made = await setUp();
      const byPhone = await exportOf(await accessTo({ mobile: A_MOBILE }));
      expect(byPhone.destination).toEqual({ kind: 'mobile', value: A_MOBILE });
      expect(byPhone.orders.map((o) => o.order_id).sort()).toEqual([made.aNew, made.aOld].sort());
      const aNew = byPhone.orders.find((o) => o.order_id === made.aNew);
      expect(aNew).toMatchObject({
        mobile: A_MOBILE,
        email: 's****@example.com',
        contact: 'held',
        amount: '63.00',
      });
      expect(aNew?.photos).toEqual([
        { id: f.photos.paid?.[0], thumbnail: expect.stringContaining('paid/thumbnail/paid-1.jpg') },
      ]);
      expect(byPhone.notices).toEqual([
        expect.objectContaining({ order_id: made.aNew, recipient: A_MOBILE }),
      ]);
      expect(byPhone.alerts).toEqual([]);
      expect(byPhone.removals).toEqual([expect.objectContaining({ id: made.aRemoval, faces_removed: 3 })]);
      expect(JSON.stringify(byPhone)).not.toContain(B_MOBILE);

      const byEmail = await exportOf(await accessTo({ email: A_EMAIL }));
      expect(byEmail.orders.map((o) => o.order_id).sort()).toEqual([made.aNew, made.aByEmail].sort());
      expect(byEmail.orders.find((o) => o.order_id === made.aByEmail)?.mobile).toBe('08******11');
      expect(byEmail.notices).toEqual([expect.objectContaining({ recipient: A_EMAIL })]);
      expect(byEmail.alerts).toEqual([
        expect.objectContaining({ id: made.aAlert, bib: '1234', face_kept: true, photos_found: 1 }),
      ]);
      expect(byEmail.consents).toEqual([
        expect.objectContaining({ alert_id: made.aAlert, purpose: 'face-alert' }),
      ]);
      expect(byEmail.removals).toEqual([]);
      expect(JSON.stringify(byEmail)).not.toMatch(/other@|"bib":"9999"|0899999911/);

      const audit = (await readAudit(f.db)).filter((row) => row.action === 'privacy export');
      expect(audit.slice(-2)).toEqual([
        expect.objectContaining({ actor: 'store:privacy-request', subject: '08******78', records: 4 }),
        expect.objectContaining({ subject: 's****@example.com', records: 5 }),
      ]);
    });

    it('erases: accounts whole, old contacts erased, new ones masked, alerts deleted, find-order no longer finds them', async () => {
      const made = await setUp();
      const before = await f.db.selectFrom('orders').selectAll().orderBy('order_id').execute();
      const items = await f.db
        .selectFrom('order_items')
        .selectAll()
        .orderBy('order_id')
        .orderBy('position')
        .execute();
      const payments = await f.db.selectFrom('payments').selectAll().orderBy('id').execute();

      const access = await accessTo({ mobile: A_MOBILE });
      const res = await f.post('/api/v1/privacy/erase', { access });
      expect(res.status, await res.clone().text()).toBe(200);
      const { body } = (await res.json()) as { body: import('../../core/contract/privacy-data').Erased };
      expect(body).toMatchObject({
        orders_erased: 1,
        orders_masked: 1,
        notices_masked: 2,
        orders_kept: 2,
        alerts_deleted: 0,
        removals_kept: 1,
      });
      expect(body.masked_until).not.toBeNull();

      const aNew = await f.orderRow(made.aNew);
      expect(aNew).toMatchObject({ mobile: '08******78', email: 's****@example.com' });
      expect(aNew.contact_masked_at).not.toBeNull();
      expect(aNew.contact_key).toBe(
        `${destinationKey(f.t.ctx, A_MOBILE)} ${destinationKey(f.t.ctx, A_EMAIL)}`,
      );
      const aOld = await f.orderRow(made.aOld);
      expect(aOld).toMatchObject({ mobile: '', email: '', contact_key: null });
      expect(aOld.contact_erased_at).not.toBeNull();
      expect((await f.orderRow(made.b)).mobile).toBe(B_MOBILE);
      const notices = await f.db
        .selectFrom('notices')
        .select(['order_id', 'recipient'])
        .orderBy('id')
        .execute();
      expect(notices.map((n) => n.recipient)).toEqual(['08******78', 's****@example.com', B_MOBILE]);

      // The accounts are whole: amounts, items and payments as they were.
      const after = await f.db.selectFrom('orders').selectAll().orderBy('order_id').execute();
      const money = (rows: typeof before) =>
        rows.map((o) => [o.order_id, String(o.amount), String(o.paid_amount), o.payment_status, o.event_id]);
      expect(money(after)).toEqual(money(before));
      expect(
        await f.db.selectFrom('order_items').selectAll().orderBy('order_id').orderBy('position').execute(),
      ).toEqual(items);
      expect(await f.db.selectFrom('payments').selectAll().orderBy('id').execute()).toEqual(payments);

      const found = await f.post('/api/v1/order/find-order', {
        tk: TEST_APP_TOKEN,
        filter_type: 'mobile',
        txt_search: A_MOBILE,
      });
      expect(((await found.json()) as { body: unknown[] }).body).toEqual([]);

      // What is still held: the masked order, found by its key, until its day.
      const still = await exportOf(await accessTo({ mobile: A_MOBILE }));
      expect(still.orders).toEqual([
        expect.objectContaining({ order_id: made.aNew, contact: 'masked', mobile: '08******78' }),
      ]);

      // Under the e-mail: its alert deleted (matches with it), the consent kept without it.
      const byEmail = await accessTo({ email: A_EMAIL });
      const erased = await f.post('/api/v1/privacy/erase', { access: byEmail });
      expect(await erased.json()).toMatchObject({ body: { alerts_deleted: 1, orders_masked: 1 } });
      const alerts = await f.db.selectFrom('photo_alerts').select('id').execute();
      expect(alerts.map((a) => a.id)).toEqual([made.bAlert]);
      expect(
        await f.db
          .selectFrom('photo_alert_matches')
          .selectAll()
          .where('alert_id', '=', made.aAlert)
          .execute(),
      ).toEqual([]);
      expect((await f.orderRow(made.aByEmail)).mobile).toBe('08******11');
      const audit = (await readAudit(f.db)).filter((row) => row.action === 'privacy erase');
      expect(audit.map((row) => row.subject)).toEqual(['08******78', 's****@example.com']);
    });
  });
});
