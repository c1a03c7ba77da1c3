// Integration: an order's payment lifecycle through the real app on every database, with the sandbox gateway: the
// sandbox page, the signed callback route, replays, forgeries, wrong amounts, expiry, double payments, failures,
// the inquiry's own check, and 50 callbacks and inquiries at once.

import { describe, expect, it } from 'vitest';
import { requeueStaleJobs } from '../db/jobs-repo';
import { paymentsOf } from '../db/payments-repo';
import { testDatabases } from '../db/test-databases';
import { claim } from '../jobs/queue';
import { captureLogs } from '../ops/log';
import { SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../services/payments/sandbox';
import { approveAmOrder, markPaidByOperator } from '../services/payments/settle';
import { TEST_APP_TOKEN, TEST_SANDBOX_SECRET } from '../test/app-fixture';
import { at, NOW, orderFixture } from '../test/order-fixtures';

const CALLBACK = '/api/payments/sandbox/callback';

describe.each(testDatabases)('payment lifecycle on $name', (database) => {
  const f = orderFixture(database);

  const chargeOf = async (uuid: string) => {
    const [row] = (await paymentsOf(f.db, uuid)).filter(
      (p) => p.status === 'PENDING' || p.gateway_ref.startsWith('sbx_pp_'),
    );
    if (!row) throw new Error(`order ${uuid} has no sandbox payment`);
    return row.gateway_ref;
  };
  const callbackBody = (id: string, extra: object = {}) =>
    JSON.stringify({
      object: 'sandbox.payment',
      id,
      status: 'successful',
      amount: 6300,
      currency: 'THB',
      transaction_ref: 'SBX00AA11BB22CC',
      failure_message: null,
      ...extra,
    });
  const sendCallback = (
    body: string,
    signature = signSandboxBody(TEST_SANDBOX_SECRET, body, f.t.ctx.now()),
  ) =>
    f.t.app.request(CALLBACK, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      body,
    });
  const sandboxPage = (id: string, action?: 'pay' | 'fail') =>
    action
      ? f.t.app.request(`/api/sandbox/pay/${id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `action=${action}`,
        })
      : f.t.app.request(`/api/sandbox/pay/${id}`);
  const statuses = async (uuid: string) => (await paymentsOf(f.db, uuid)).map((p) => p.status);
  const jobsOf = async (uuid: string) =>
    (
      await f.db
        .selectFrom('jobs')
        .select('kind')
        .where('kind', 'in', ['prepare-originals', 'prepare-logos', 'notify-order'])
        .where((eb) => eb(eb.cast(eb.ref('payload'), 'text'), 'like', `%${uuid}%`))
        .orderBy('id')
        .execute()
    ).map((j) => j.kind);

  it('pays on the sandbox page, through the signed callback, once; the order is then delivered', async () => {
    const uuid = await f.create(f.order());
    const page = await sandboxPage(uuid);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Pay 63.00 THB in the sandbox');
    expect(html).toContain('Fail the payment');

    const paid = await sandboxPage(await chargeOf(uuid), 'pay');
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Paid 63.00 THB');
    const row = await f.orderRow(uuid);
    expect(row).toMatchObject({ payment_status: 'PAID', paid_amount: '63.00' });
    expect(row.payment_ref).toMatch(/^20\d{6}[0-9A-Z]{12}$/);
    expect(await statuses(uuid)).toEqual(['PAID']);
    expect(await jobsOf(uuid)).toEqual(['prepare-originals', 'prepare-logos', 'notify-order']);

    // Find-order finds it by the transfer reference's last 4 characters.
    const found = await f.post('/api/v1/order/find-order', {
      tk: TEST_APP_TOKEN,
      filter_type: 'payment_ref',
      txt_search: (row.payment_ref ?? '').slice(-4),
      mobile: row.mobile,
    });
    expect(((await found.json()) as { body: { order_id: string }[] }).body.map((o) => o.order_id)).toContain(
      uuid,
    );

    // Pressing pay again on the page changes nothing.
    await sandboxPage(await chargeOf(uuid), 'pay');
    expect(await statuses(uuid)).toEqual(['PAID']);

    await f.drainJobs();
    expect(await f.inquire(uuid)).toMatchObject({
      payment_status: 'PAID',
      is_original_image_created: 'Y',
      is_logo_image_created: 'Y',
    });
    expect(f.consoleNotices.some((line) => line.includes(`/download/${uuid}`))).toBe(true);
  });

  it('answers a replayed, a forged and an unknown callback as the sandbox expects, changing nothing', async () => {
    const uuid = await f.create(f.order());
    const id = await chargeOf(uuid);
    const body = callbackBody(id);
    const first = await sendCallback(body);
    expect(first.status).toBe(200);
    const paidAt = (await f.orderRow(uuid)).paid_at;
    expect((await sendCallback(body)).status).toBe(200);
    expect((await f.orderRow(uuid)).paid_at).toEqual(paidAt);
    expect(await statuses(uuid)).toEqual(['PAID']);
    expect(await jobsOf(uuid)).toEqual(['prepare-originals', 'prepare-logos', 'notify-order']);

    const warn = captureLogs('warn');
    const other = await f.create(f.order());
    const otherId = await chargeOf(other);
    const forged = await sendCallback(
      callbackBody(otherId),
      signSandboxBody('not the secret', callbackBody(otherId), NOW),
    );
    expect(forged.status).toBe(400);
    const unsigned = await f.t.app.request(CALLBACK, { method: 'POST', body: callbackBody(otherId) });
    expect(unsigned.status).toBe(400);
    const stale = await sendCallback(
      callbackBody(otherId),
      signSandboxBody(TEST_SANDBOX_SECRET, callbackBody(otherId), new Date(NOW.getTime() - 3600_000)),
    );
    expect(stale.status).toBe(400);
    expect((await sendCallback('not json')).status).toBe(400);
    const unknown = await sendCallback(callbackBody('sbx_pp_ffffffffffffffffffffffff'));
    expect(unknown.status).toBe(200);
    warn.restore();
    expect((await f.orderRow(other)).payment_status).toBe('INITIAL');
    expect(await statuses(other)).toEqual(['PENDING']);
  });

  it('keeps a wrong amount as REJECTED and leaves the order waiting', async () => {
    const error = captureLogs('error');
    const uuid = await f.create(f.order());
    const res = await sendCallback(callbackBody(await chargeOf(uuid), { amount: 6299 }));
    expect(res.status).toBe(200);
    error.restore();
    expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    expect(await statuses(uuid)).toEqual(['REJECTED']);
    expect(await jobsOf(uuid)).toEqual([]);
    // A payment's status is one of its states, for the compiler too: a misspelt one is no query at all.
    const misspelt = f.db
      .selectFrom('payments')
      .select('id')
      // @ts-expect-error: not a payments status.
      .where('status', '=', 'REJECT')
      .where('order_id', '=', uuid);
    expect(await misspelt.execute()).toEqual([]);
  });

  it('does not sell photos that expired before the money arrived', async () => {
    const uuid = await f.create(f.order());
    const id = await chargeOf(uuid);
    f.t.setNow(at(60));
    try {
      expect((await sendCallback(callbackBody(id))).status).toBe(200);
      expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
      expect(await statuses(uuid)).toEqual(['REJECTED']);
      // The waiting page shows no QR for expired photos.
      expect(await f.inquire(uuid)).toMatchObject({ qrcode_url: '', images_order: '[]', is_expired: 'Y' });
    } finally {
      f.t.setNow(NOW);
    }
  });

  it('refuses a new order on photos that expired, saying so', async () => {
    f.t.setNow(at(60));
    try {
      const res = await f.post('/api/v1/order/create', f.order());
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        status: 'error',
        code: 'photos-expired',
        message: 'the photos of this event have expired',
      });
    } finally {
      f.t.setNow(NOW);
    }
  });

  it('keeps a second payment of a paid order as DUPLICATE for a refund', async () => {
    const warn = captureLogs('warn');
    const uuid = await f.create(f.order());
    expect(await markPaidByOperator(f.t.ctx, uuid, { paymentRef: 'SLIP-9876', note: 'slip' })).toBe('paid');
    expect((await sendCallback(callbackBody(await chargeOf(uuid)))).status).toBe(200);
    warn.restore();
    expect((await f.orderRow(uuid)).payment_ref).toBe('SLIP-9876');
    expect((await statuses(uuid)).sort()).toEqual(['DUPLICATE', 'PAID']);
    expect(await jobsOf(uuid)).toEqual(['prepare-originals', 'prepare-logos', 'notify-order']);
  });

  it('records a failed payment, tells the page why, and still takes the money that comes after', async () => {
    const uuid = await f.create(f.order());
    const id = await chargeOf(uuid);
    const failed = await sandboxPage(id, 'fail');
    expect(await failed.text()).toContain('The payment failed');
    expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    expect(await statuses(uuid)).toEqual(['FAILED']);
    const waiting = await f.inquire(uuid);
    expect(waiting.payment_status).toBe('INITIAL');
    expect(waiting.payment_failure).toBe('the payer failed the payment in the sandbox');
    expect((await sandboxPage(uuid)).status).toBe(200);
    await sandboxPage(id, 'pay');
    expect((await f.orderRow(uuid)).payment_status).toBe('PAID');
    expect(await statuses(uuid)).toEqual(['PAID']);
    expect((await f.inquire(uuid)).payment_failure).toBeUndefined();
  });

  it('settles from the inquiry when the callback never arrived', async () => {
    const uuid = await f.create(f.order());
    const id = await chargeOf(uuid);
    // The sandbox took the money, but its callback was lost.
    await f.db.updateTable('sandbox_charges').set({ status: 'successful' }).where('id', '=', id).execute();
    expect((await f.orderRow(uuid)).payment_status).toBe('INITIAL');
    expect((await f.inquire(uuid)).payment_status).toBe('PAID');
    expect(await statuses(uuid)).toEqual(['PAID']);
  });

  it('takes 50 callbacks and inquiries at once for one order as one payment and one PAID transition', async () => {
    const uuid = await f.create(f.order());
    const body = callbackBody(await chargeOf(uuid));
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? sendCallback(body)
          : f.post('/api/v3/order/inquiry', { tk: TEST_APP_TOKEN, order_uuid: uuid }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(await statuses(uuid)).toEqual(['PAID']);
    expect(await jobsOf(uuid)).toEqual(['prepare-originals', 'prepare-logos', 'notify-order']);
  });

  it('approves an AM order and completes a FREE one at once, each with its delivery', async () => {
    const am = await f.create(
      f.order({
        event_key: 'stage',
        imageList: [f.item('stage', 1)],
        amount: '63.00',
        payment_channel: 'AM',
        am_order_ref: '0812345678',
      }),
    );
    expect(await approveAmOrder(f.t.ctx, am)).toBe('paid');
    expect(await statuses(am)).toEqual(['APPROVED']);
    expect(await jobsOf(am)).toEqual(['prepare-originals', 'prepare-logos', 'notify-order']);
    const free = await f.create(f.on('free', { amount: '0.00', payment_channel: 'FREE' }));
    expect(await f.inquire(free)).toMatchObject({ payment_status: 'PAID', is_original_image_created: 'Y' });
    expect(await jobsOf(free)).toEqual(['notify-order']);
  });

  it('holds an inquiry that waits for a change and answers as soon as the order is paid', async () => {
    const uuid = await f.create(f.order());
    const first = await f.inquire(uuid);
    expect(first.state_token).toMatch(/^INITIAL\//);
    const ask = (body: object) =>
      f.post('/api/v3/order/inquiry', { tk: TEST_APP_TOKEN, order_uuid: uuid, ...body });
    type Answer = { payment_status: string; state_token?: string };
    const json = async (res: Promise<Response> | Response) => (await (await res).json()) as Answer;
    // A stale token answers at once.
    const started = Date.now();
    expect((await json(ask({ wait: 10, known: 'something else' }))).payment_status).toBe('INITIAL');
    expect(Date.now() - started).toBeLessThan(2000);
    // The current token waits until the payment arrives.
    const waiting = ask({ wait: 10, known: first.state_token });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const paidAt = Date.now();
    await sandboxPage(await chargeOf(uuid), 'pay');
    const answer = await json(waiting);
    expect(answer.payment_status).toBe('PAID');
    expect(Date.now() - paidAt).toBeLessThan(1500);
    expect(answer.state_token).not.toBe(first.state_token);
    // Nothing changes: it answers after the wait, unchanged.
    const quiet = Date.now();
    const again = await json(ask({ wait: 1, known: answer.state_token }));
    expect(again.state_token).toBe(answer.state_token);
    expect(Date.now() - quiet).toBeGreaterThanOrEqual(900);
    const tooLong = await ask({ wait: 26, known: 'x' });
    expect(tooLong.status).toBe(400);
  });

  it('finishes the delivery of a paid order after a crash between the payment and its images', async () => {
    await f.drainJobs();
    const uuid = await f.create(f.order());
    await sandboxPage(await chargeOf(uuid), 'pay');
    // The process dies while running the logo job: the job is left "running", the flags N.
    const job = await claim(f.db, ['prepare-logos'], new Date());
    expect(job?.payload).toEqual({ order_id: uuid });
    expect(await f.orderRow(uuid)).toMatchObject({ payment_status: 'PAID', is_logo_image_created: false });
    // A restart on the embedded database queues again what the dead process held (server.ts), then runs it.
    expect(await requeueStaleJobs(f.db, new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(1);
    await f.drainJobs();
    expect(await f.orderRow(uuid)).toMatchObject({
      is_original_image_created: true,
      is_logo_image_created: true,
    });
  });
});
