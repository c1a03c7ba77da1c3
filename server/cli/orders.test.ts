// Order commands through runCli on PGlite: the AM approval queue and payments recorded by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../db/events-repo';
import { findOrderWithEvent, insertOrder, type NewOrder } from '../db/orders-repo';
import { insertPhotos } from '../db/photos-repo';
import type { PaymentChannel } from '../db/schema';
import { testDatabases } from '../db/test-databases';
import { openTestCli, type TestCli } from './cli-fixture';

const AM_ORDER = '11111111-1111-4111-8111-111111111111';
const PP_ORDER = '22222222-2222-4222-8222-222222222222';

describe('order commands', () => {
  let cli: TestCli;

  beforeAll(async () => {
    cli = await openTestCli(testDatabases[0] as (typeof testDatabases)[number]);
    const eventId = await insertEvent(cli.db, {
      event: {
        event_key: 'stage-run',
        title: 'Stage run',
        cover_object: 'stage-run/cover.jpg',
        event_date_text: '1 พฤศจิกายน 2569',
        eventdate: '2026-11-01',
        province: 'ภูเก็ต',
        team_key: null,
        on_sale_start: cli.now,
        on_sale_end: cli.now,
        is_event_stage: true,
      },
    });
    const photoIds = await insertPhotos(
      cli.db,
      [1, 2, 3].map((n) => ({
        event_id: eventId,
        stage_id: null,
        original_file_name: `IMG_${n}.jpg`,
        file_name: `photo-${n}.jpg`,
        width: 10,
        height: 10,
        taken_at: cli.now,
      })),
    );
    const order = (id: string, channel: PaymentChannel, amount: string): NewOrder => ({
      order_id: id,
      event_id: eventId,
      mobile: '0812345678',
      email: '',
      amount,
      payment_currency: 'THB',
      payment_gateway: 'GBP',
      payment_channel: channel,
      qrcode_url: '',
      is_mhao: false,
      order_team: '',
      coupon_code: '',
      am_order_ref: channel === 'AM' ? 'ORD-12345' : '',
      api_version: 3,
      idempotency_key: null,
      created_at: new Date('2026-11-21T03:04:00Z'),
      paid_at: null,
    });
    await insertOrder(cli.db, order(AM_ORDER, 'AM', '0.00'), photoIds, undefined);
    await insertOrder(cli.db, order(PP_ORDER, 'PP', '250.00'), photoIds.slice(0, 1), undefined);
  }, 60_000);
  afterAll(() => cli.close());

  it('list-am-orders shows the waiting AM orders', async () => {
    const run = await cli.run('list-am-orders');
    expect(run.code).toBe(0);
    const [header, row, more] = run.out.split('\n');
    expect(header).toMatch(/^order_id +created +event_key +mobile +am_order_ref +photos +amount$/);
    expect(row).toMatch(
      new RegExp(`^${AM_ORDER} +2026-11-21 03:04 +stage-run +0812345678 +ORD-12345 +3 +0.00$`),
    );
    expect(more).toBeUndefined();
  });

  it('approve-am-order makes an AM order PAID, once', async () => {
    expect(await cli.run('approve-am-order', PP_ORDER)).toMatchObject({
      code: 1,
      err: `error: order ${PP_ORDER} is not an AM (extra photos) order`,
    });
    expect(await cli.run('approve-am-order', AM_ORDER.toUpperCase())).toMatchObject({
      code: 0,
      out: `approved AM order ${AM_ORDER}: PAID; its photos are being prepared and the link sent`,
    });
    expect(await findOrderWithEvent(cli.db, AM_ORDER)).toMatchObject({
      payment_status: 'PAID',
      paid_at: cli.now,
    });
    expect(await cli.run('approve-am-order', AM_ORDER)).toMatchObject({
      code: 1,
      err: `error: order ${AM_ORDER} is already paid`,
    });
    expect((await cli.run('list-am-orders')).out).toBe('no AM orders are waiting');
  });

  it('mark-paid records a payment with its reference', async () => {
    const run = await cli.run('mark-paid', PP_ORDER, '--ref', 'SLIP-0042', '--note', 'bank transfer');
    expect(run).toMatchObject({
      code: 0,
      out: `order ${PP_ORDER} is PAID (ref SLIP-0042); its photos are being prepared and the link sent`,
    });
    expect(await findOrderWithEvent(cli.db, PP_ORDER)).toMatchObject({
      payment_status: 'PAID',
      payment_ref: 'SLIP-0042',
      paid_amount: '250.00',
    });
    const payment = await cli.db
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', PP_ORDER)
      .execute();
    expect(payment).toMatchObject([{ gateway_ref: 'SLIP-0042', note: 'bank transfer', status: 'PAID' }]);
    expect((await cli.run('mark-paid', PP_ORDER, '--ref', 'SLIP-0042')).code).toBe(1);
  });

  it('refuses bad arguments with exit 2 and unknown orders with exit 1', async () => {
    const cases: [string, string[], string][] = [
      ['approve-am-order', [], 'missing <order_uuid>'],
      ['approve-am-order', ['12345'], '"12345" is not an order id (a UUID)'],
      ['mark-paid', [PP_ORDER], '--ref must be 4 to 64 letters'],
      ['mark-paid', [PP_ORDER, '--ref', 'abc'], '--ref must be 4 to 64 letters'],
      ['mark-paid', [PP_ORDER, '--ref', 'ab cd'], '--ref must be 4 to 64 letters'],
      ['mark-paid', ['not-a-uuid', '--ref', 'ABCD'], '"not-a-uuid" is not an order id'],
      ['list-am-orders', ['--all'], "Unknown option '--all'"],
    ];
    for (const [command, args, message] of cases) {
      const run = await cli.run(command, ...args);
      expect(run.code, `${command} ${args.join(' ')}`).toBe(2);
      expect(run.err).toContain(message);
    }
    const unknown = '33333333-3333-4333-8333-333333333333';
    expect(await cli.run('mark-paid', unknown, '--ref', 'ABCD')).toMatchObject({
      code: 1,
      err: `error: no order ${unknown}`,
    });
  });

  it('mark-paid is for the sandbox only', async () => {
    cli.gateway = 'gbp';
    try {
      const run = await cli.run('mark-paid', '44444444-4444-4444-8444-444444444444', '--ref', 'SLIP-1111');
      expect(run.code).toBe(1);
      expect(run.err).toContain('mark-paid works with the sandbox gateway only');
    } finally {
      cli.gateway = 'sandbox';
    }
  });

  it('orders lists by status and mobile, newest first', async () => {
    const all = await cli.run('orders');
    expect(all.code).toBe(0);
    const [header, ...rows] = all.out.split('\n');
    expect(header).toMatch(
      /^order_id +created +event_key +mobile +channel +status +amount +ref +orig +logo +mail +sms$/,
    );
    expect(rows).toHaveLength(2);
    expect((await cli.run('orders', '--status', 'paid')).out).toContain(PP_ORDER);
    expect((await cli.run('orders', '--status', 'INITIAL')).out).toBe('no orders');
    expect((await cli.run('orders', '--mobile', '081-234-5678')).out.split('\n')).toHaveLength(3);
    expect((await cli.run('orders', '--mobile', '0899999999')).out).toBe('no orders');
    for (const [args, message] of [
      [['--status', 'LOST'], '--status must be one of'],
      [['--mobile', '12'], '--mobile must be 5 to 15 digits'],
      [['--limit', '0'], '--limit must be 1-1000'],
    ] as const) {
      const run = await cli.run('orders', ...args);
      expect(run.code).toBe(2);
      expect(run.err).toContain(message);
    }
  });

  it('resend-notice queues the link of a paid order again; refund stops its downloads, once', async () => {
    const resend = await cli.run('resend-notice', PP_ORDER);
    expect(resend.code).toBe(0);
    expect(resend.out).toMatch(
      new RegExp(`^the download link of order ${PP_ORDER} is queued to be sent again \\(job \\d+\\)$`),
    );
    const jobs = await cli.db
      .selectFrom('jobs')
      .select('payload')
      .where('kind', '=', 'notify-order')
      .execute();
    expect(jobs.map((j) => j.payload)).toContainEqual({ order_id: PP_ORDER, reason: 'resend' });

    expect((await cli.run('refund', PP_ORDER)).code).toBe(2);
    expect((await cli.run('refund', PP_ORDER, '--reason', 'no')).err).toContain(
      '--reason must be 3 to 500 characters',
    );
    const refund = await cli.run('refund', PP_ORDER, '--reason', 'blurred photo');
    expect(refund).toMatchObject({
      code: 0,
      out: `order ${PP_ORDER} is marked refunded (blurred photo); its downloads have stopped`,
    });
    expect(await findOrderWithEvent(cli.db, PP_ORDER)).toMatchObject({
      refund_reason: 'blurred photo',
      refunded_at: cli.now,
    });
    expect((await cli.run('refund', PP_ORDER, '--reason', 'again')).err).toBe(
      `error: order ${PP_ORDER} is already refunded`,
    );
    expect((await cli.run('refund', AM_ORDER, '--reason', 'bundle')).err).toBe(
      `error: order ${AM_ORDER} was not paid with money (FREE or AM)`,
    );
    expect((await cli.run('resend-notice', PP_ORDER)).err).toBe(`error: order ${PP_ORDER} was refunded`);
    expect((await cli.run('orders', '--status', 'REFUNDED')).out).toContain(PP_ORDER);
    expect((await cli.run('resend-notice', '55555555-5555-4555-8555-555555555555')).code).toBe(1);
  });
});
