// The daily retention of orders' contacts on every database: an order older than ORDER_CONTACT_DAYS loses its phone
// and e-mail (and its notices their recipient and the contact in their text), keeps its amounts, items and payments,
// still answers its page and the admin listing, and is no longer found by that phone; a newer order is untouched;
// the run is written to the audit trail once; a second run, or two at once, erase nothing twice.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ORDER_CONTACT_DAYS } from '../../core/constants';
import { findOrderAnswerSchema } from '../../core/contract/order';
import type { CliContext } from '../cli/args';
import { runCli } from '../cli/commands';
import { readAudit } from '../db/audit-repo';
import { jobsWithPayload } from '../db/jobs-repo';
import { testDatabases } from '../db/test-databases';
import { markPaidByOperator } from '../services/payments/settle';
import { TEST_APP_TOKEN } from '../test/app-fixture';
import { at, NOW, orderFixture } from '../test/order-fixtures';
import { CONTACT_RETENTION_JOB, eraseExpiredContacts } from './contact-retention';
import { queueContactRetentionIfDue } from './runner';

const MOBILE = '0891112233';
const EMAIL = 'old.buyer@example.com';

describe.each(testDatabases)('retention of orders’ contacts on $name', (database) => {
  const f = orderFixture(database);

  const contactRetentionEntries = async () =>
    (await readAudit(f.db)).filter((entry) => entry.actor === `job:${CONTACT_RETENTION_JOB}`);
  const countOf = async (table: 'order_items' | 'payments', orderId: string) =>
    Number(
      (
        await f.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('order_id', '=', orderId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const findByMobile = async (mobile: string) => {
    const res = await f.post('/api/v1/order/find-order', {
      tk: TEST_APP_TOKEN,
      filter_type: 'mobile',
      txt_search: mobile,
      mobile,
    });
    expect(res.status).toBe(200);
    return v.parse(findOrderAnswerSchema, await res.json()).body.map((order) => order.order_id);
  };
  const adminOrders = async () => {
    const out: string[] = [];
    const ctx: CliContext = {
      db: f.db,
      store: f.t.store,
      now: () => NOW,
      paymentGateway: 'sandbox',
      retentionDays: 35,
      out: (line) => out.push(line),
      note: () => {},
    };
    const code = await runCli(['orders'], async () => ({ ctx, close: async () => {} }), {
      out: (line) => out.push(line),
      err: (line) => out.push(line),
    });
    return { code, out: out.join('\n') };
  };

  it('erases the contacts of orders older than the days, leaving the accounts and newer orders whole', async () => {
    const old = await f.create(f.order({ mobile: MOBILE, email: EMAIL }));
    await markPaidByOperator(f.t.ctx, old, { paymentRef: 'SLIP-7001', note: '' });
    const recent = await f.create(f.order({ mobile: MOBILE, email: EMAIL }));
    await f.drainJobs();
    // The old one made a day past the kept period, the newer one a month within it.
    await f.db
      .updateTable('orders')
      .set({ created_at: at(-ORDER_CONTACT_DAYS - 1) })
      .where('order_id', '=', old)
      .execute();
    await f.db
      .updateTable('orders')
      .set({ created_at: at(-ORDER_CONTACT_DAYS + 30) })
      .where('order_id', '=', recent)
      .execute();
    // A notice that names the contact in its text too.
    await f.db
      .insertInto('notices')
      .values({
        order_id: old,
        job_id: 990_001,
        channel: 'email',
        recipient: EMAIL,
        subject: `Your photos, ${EMAIL}`,
        body: `Sent to ${EMAIL} and ${MOBILE}: your link`,
      })
      .execute();
    const before = await f.orderRow(old);
    const items = await countOf('order_items', old);
    const payments = await countOf('payments', old);
    expect(payments).toBeGreaterThan(0);
    expect((await findByMobile(MOBILE)).sort()).toEqual([old, recent].sort());

    // The day's job, queued once, run by the job runner with the default days.
    expect(await queueContactRetentionIfDue(f.db, NOW)).toBe(true);
    expect(await queueContactRetentionIfDue(f.db, NOW)).toBe(false);
    expect(await jobsWithPayload(f.db, CONTACT_RETENTION_JOB, { day: '2026-11-22' })).toHaveLength(1);
    await f.drainJobs();
    const [job] = await jobsWithPayload(f.db, CONTACT_RETENTION_JOB, { day: '2026-11-22' });
    expect(job).toMatchObject({ state: 'done', result: { orders: 1 } });

    const erased = await f.orderRow(old);
    expect(erased).toMatchObject({
      mobile: '',
      email: '',
      contact_key: null,
      amount: before.amount,
      paid_amount: before.paid_amount,
      payment_status: 'PAID',
      payment_ref: before.payment_ref,
    });
    expect(erased.contact_erased_at).not.toBeNull();
    expect(await countOf('order_items', old)).toBe(items);
    expect(await countOf('payments', old)).toBe(payments);
    const notices = await f.db
      .selectFrom('notices')
      .select(['recipient', 'subject', 'body'])
      .where('order_id', '=', old)
      .execute();
    expect(notices.length).toBeGreaterThan(1);
    for (const notice of notices) {
      expect(notice.recipient).toBe('');
      expect(`${notice.subject} ${notice.body}`).not.toContain(EMAIL);
      expect(`${notice.subject} ${notice.body}`).not.toContain(MOBILE);
    }
    expect(notices.map((n) => n.body)).toContain('Sent to  and : your link');
    // The newer order keeps its contact and its notices theirs.
    expect(await f.orderRow(recent)).toMatchObject({ mobile: MOBILE, email: EMAIL, contact_erased_at: null });
    const recentNotices = await f.db
      .selectFrom('notices')
      .select('recipient')
      .where('order_id', '=', recent)
      .execute();
    expect(recentNotices.every((n) => n.recipient !== '')).toBe(true);

    // Its page and the admin listing still show it; find-order by the phone no longer does.
    expect(await f.inquire(old)).toMatchObject({ payment_status: 'PAID' });
    const listed = await adminOrders();
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(old);
    expect(await findByMobile(MOBILE)).toEqual([recent]);

    // Written to the audit trail once, with the count and no contact.
    const entries = await contactRetentionEntries();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "orders' contacts erased", records: 1 });
    expect(entries[0]?.subject).toContain(`${ORDER_CONTACT_DAYS} days`);
    expect(JSON.stringify(entries)).not.toContain(MOBILE);

    // A second run erases nothing and writes nothing.
    expect(await eraseExpiredContacts({ db: f.db, now: () => NOW })).toMatchObject({ orders: 0 });
    expect(await contactRetentionEntries()).toHaveLength(1);
    expect(await f.orderRow(old)).toMatchObject({ contact_erased_at: erased.contact_erased_at });

    // With fewer days kept (ORDER_CONTACT_DAYS from the settings), the newer order goes too.
    const shorter = await eraseExpiredContacts({
      db: f.db,
      now: () => NOW,
      orderContactDays: ORDER_CONTACT_DAYS - 60,
    });
    expect(shorter).toMatchObject({ orders: 1 });
    expect(await f.orderRow(recent)).toMatchObject({ mobile: '', email: '' });
    expect(await contactRetentionEntries()).toHaveLength(2);
  });

  it('erases each order once when several processes run it at once', async () => {
    await eraseExpiredContacts({ db: f.db, now: () => NOW, orderContactDays: 730 });
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await f.create(f.order({ mobile: `08900000${10 + i}` })));
    await f.db
      .updateTable('orders')
      .set({ created_at: at(-ORDER_CONTACT_DAYS - 10) })
      .where('order_id', 'in', made)
      .execute();
    const runs = await Promise.all(
      [1, 2, 3].map(() => eraseExpiredContacts({ db: f.db, now: () => NOW, orderContactDays: 730 })),
    );
    expect(runs.reduce((n, run) => n + run.orders, 0)).toBe(made.length);
    const entries = await contactRetentionEntries();
    const written = entries.slice(-runs.filter((run) => run.orders > 0).length);
    expect(written.reduce((n, entry) => n + entry.records, 0)).toBe(made.length);
    for (const id of made) expect(await f.orderRow(id)).toMatchObject({ mobile: '', email: '' });
  });
});
