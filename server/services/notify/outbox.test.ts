// The outbox of delivery notices on every database: one notice per channel the store can use, the flags only when
// a provider took the message, retries with back-off that never touch the order, and a notify job that runs twice
// writing its notices once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesOf } from '../../db/notices-repo';
import { testDatabases } from '../../db/test-databases';
import { JOBS } from '../../jobs/kinds';
import { type FakeSms, startFakeSms } from '../../test/fakes/fake-sms';
import { orderFixture } from '../../test/order-fixtures';
import { markPaidByOperator } from '../payments/settle';
import type { EmailMessage, EmailSender } from './email';
import { FREE_NOTICES_PER_RECIPIENT_DAY, notifyOrder, sendNotice } from './outbox';
import { thaiBulkSmsSender } from './sms';

/** An e-mail sender that records what it sends and can be told to fail. */
function recordingEmail() {
  const sent: EmailMessage[] = [];
  let failures = 0;
  const sender: EmailSender & { sent: EmailMessage[]; failNext(n: number): void } = {
    sent,
    failNext(n) {
      failures = n;
    },
    async send(message) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('connection refused by the mail server');
      }
      sent.push(message);
      return { messageId: `<${sent.length}@test>` };
    },
    close() {},
  };
  return sender;
}

describe.each(testDatabases)('delivery notices on $name', (database) => {
  let sms: FakeSms;
  beforeAll(async () => {
    sms = await startFakeSms();
  });
  afterAll(() => sms.close());
  const f = orderFixture(database);
  const smsSender = () =>
    thaiBulkSmsSender({ apiUrl: sms.url, apiKey: sms.key, apiSecret: sms.secret, sender: 'RunFoto' });
  const paidOrder = async (extra: object = {}) => {
    const uuid = await f.create(f.order(extra));
    expect(await markPaidByOperator(f.t.ctx, uuid, { paymentRef: 'SLIP-2468', note: '' })).toBe('paid');
    return uuid;
  };
  const sendJobOf = (noticeId: number) =>
    f.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'send-notice')
      .where('payload', '=', JSON.stringify({ notice_id: noticeId }) as never)
      .executeTakeFirstOrThrow();

  it('sends the link by e-mail and SMS when both are set; the flags say what was sent', async () => {
    const email = recordingEmail();
    const uuid = await paidOrder();
    await f.drainJobs({ email, sms: smsSender() });
    expect(email.sent).toHaveLength(1);
    expect(email.sent[0]).toMatchObject({ to: 'runner@example.com' });
    expect(email.sent[0]?.text).toContain(`https://shop.example/download/${uuid}`);
    expect(email.sent[0]?.text).toContain('ดาวน์โหลดภาพได้ที่');
    expect(email.sent[0]?.html).toContain(`href="https://shop.example/download/${uuid}"`);
    const texts = sms.sent.filter((m) => m.message.includes(uuid));
    expect(texts).toEqual([
      { msisdn: '0812345678', message: expect.stringContaining('RunFoto'), sender: 'RunFoto' },
    ]);
    expect(await f.inquire(uuid)).toMatchObject({ is_send_email: 'Y', is_send_sms: 'Y' });
    expect((await noticesOf(f.db, uuid)).map((n) => [n.channel, n.state])).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
  });

  it('prints the notice on the console when no provider is set, or none can reach the buyer', async () => {
    const uuid = await paidOrder();
    await f.drainJobs();
    expect(f.consoleNotices.some((line) => line.includes(`https://shop.example/download/${uuid}`))).toBe(
      true,
    );
    expect(await f.inquire(uuid)).toMatchObject({ is_send_email: 'N', is_send_sms: 'N' });
    // E-mail set, but the buyer gave no address: the console again, no e-mail.
    const email = recordingEmail();
    const noAddress = await paidOrder({ email: '' });
    await f.drainJobs({ email });
    expect(email.sent).toHaveLength(0);
    expect((await noticesOf(f.db, noAddress)).map((n) => n.channel)).toEqual(['console']);
  });

  it('retries a failed e-mail with back-off without touching the order, then sends it', async () => {
    const email = recordingEmail();
    email.failNext(2);
    const uuid = await paidOrder();
    await f.drainJobs({ email });
    const [notice] = await noticesOf(f.db, uuid);
    expect(notice).toMatchObject({ channel: 'email', state: 'queued', attempts: 1 });
    expect(notice?.last_error).toBe('connection refused by the mail server');
    const job = await sendJobOf(notice?.id as number);
    expect(job.state).toBe('queued');
    expect(new Date(job.run_after).getTime()).toBeGreaterThan(Date.now() + 30_000);
    expect(await f.inquire(uuid)).toMatchObject({ payment_status: 'PAID', is_send_email: 'N' });
    for (let i = 0; i < 2; i++) {
      await f.db
        .updateTable('jobs')
        .set({ run_after: new Date(0) })
        .where('id', '=', job.id)
        .execute();
      await f.drainJobs({ email });
    }
    expect((await noticesOf(f.db, uuid))[0]).toMatchObject({ state: 'sent', attempts: 3, last_error: null });
    expect(email.sent).toHaveLength(1);
    expect(await f.inquire(uuid)).toMatchObject({ is_send_email: 'Y' });
  });

  it('leaves the notice failed after the last attempt, the flag N', async () => {
    const email = recordingEmail();
    email.failNext(1000);
    const uuid = await paidOrder();
    const notifier = { email, baseUrl: 'https://shop.example', retentionDays: 35 };
    await notifyOrder({ db: f.db, now: f.t.ctx.now, notifier }, uuid, { id: 999_001 });
    const [notice] = await noticesOf(f.db, uuid);
    const max = JOBS['send-notice'].retry.maxAttempts;
    await expect(
      sendNotice({ db: f.db, now: f.t.ctx.now, notifier }, notice?.id as number, { attempts: max }, max),
    ).rejects.toThrow();
    expect((await noticesOf(f.db, uuid)).find((n) => n.id === notice?.id)).toMatchObject({ state: 'failed' });
    expect((await f.orderRow(uuid)).is_send_email).toBe(false);
  });

  it('writes the notices of one notify job once, even when the job runs twice', async () => {
    const uuid = await paidOrder();
    const notifier = { email: recordingEmail(), baseUrl: 'https://shop.example', retentionDays: 35 };
    const deps = { db: f.db, now: f.t.ctx.now, notifier };
    expect(await notifyOrder(deps, uuid, { id: 999_002 })).toEqual({ order_id: uuid, notices: ['email'] });
    expect(await notifyOrder(deps, uuid, { id: 999_002 })).toEqual({ order_id: uuid, notices: [] });
    expect((await noticesOf(f.db, uuid)).filter((n) => n.job_id === 999_002)).toHaveLength(1);
    // An unpaid order gets nothing.
    const unpaid = await f.create(f.order());
    expect(await notifyOrder(deps, unpaid, { id: 999_003 })).toEqual({
      order_id: unpaid,
      skipped: 'the order is not paid',
    });
  });

  it('sends one recipient the notices of three orders that paid nothing a day, and every paid one', async () => {
    const email = recordingEmail();
    const to = { email: 'many-free@example.com', mobile: '0899990001' };
    const free = [];
    for (let i = 0; i < 5; i++)
      free.push(await f.create(f.on('free', { ...to, amount: '0.00', payment_channel: 'FREE' })));
    await f.drainJobs({ email });
    const mailed = free.filter((uuid) => email.sent.some((m) => m.to === to.email && m.text.includes(uuid)));
    expect(mailed).toEqual(free.slice(0, FREE_NOTICES_PER_RECIPIENT_DAY));
    // A paid order to the same address is told, whatever free orders did.
    const paid = await f.create(f.order(to));
    expect(await markPaidByOperator(f.t.ctx, paid, { paymentRef: 'SLIP-FREE-CAP', note: '' })).toBe('paid');
    await f.drainJobs({ email });
    expect(email.sent.some((m) => m.to === to.email && m.text.includes(paid))).toBe(true);
  });

  it('sends a FREE order its link too', async () => {
    const email = recordingEmail();
    const uuid = await f.create(f.on('free', { amount: '0.00', payment_channel: 'FREE' }));
    await f.drainJobs({ email });
    expect(email.sent.find((m) => m.text.includes(uuid))?.subject).toMatch(/Your photos are ready/);
    expect(await f.inquire(uuid)).toMatchObject({ is_send_email: 'Y' });
  });
});
