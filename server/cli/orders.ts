// Admin commands over orders: listing, AM (extra photos) approvals, payments received outside a gateway (sandbox
// only), refunds, and sending the download link again. Every change goes through services/payments (the one place
// that settles an order), so it gets the same delivery jobs and records as a gateway's payment. The listings print
// buyers' phones: each is written to the audit trail (a searched phone or e-mail masked there).
import { isValidMobile } from '../../core/rules';
import { adminActor, writeAudit } from '../db/audit-repo';
import { findOrderWithEvent, listOrders, listPendingAmOrders } from '../db/orders-repo';
import { UUID } from '../db/payments-repo';
import { enqueue } from '../jobs/queue';
import { refundOrder } from '../services/payments/refund';
import { approveAmOrder, type ManualSettleResult, markPaidByOperator } from '../services/payments/settle';
import { maskEmailContact, maskMobileContact } from '../services/privacy/access';
import { type Command, CommandFailed, command, noExtra, parseCommand, table, UsageError } from './args';

function orderIdArg(name: string, raw: string): string {
  if (!UUID.test(raw)) throw new UsageError(`${name}: "${raw}" is not an order id (a UUID)`);
  return raw.toLowerCase();
}

const yn = (b: boolean) => (b ? 'Y' : 'N');
const when = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/** Turns anything but "paid" into the reason, as a failed command. */
function settled(orderId: string, result: ManualSettleResult): void {
  const reasons: Record<Exclude<ManualSettleResult, 'paid'>, string> = {
    'not-found': `no order ${orderId}`,
    'already-paid': `order ${orderId} is already paid`,
    'not-am': `order ${orderId} is not an AM (extra photos) order`,
    'is-am': `order ${orderId} is an AM order: approve it with approve-am`,
    'is-free': `order ${orderId} is a FREE order: it needs no payment`,
  };
  if (result !== 'paid') throw new CommandFailed(reasons[result]);
}

const STATUSES = ['INITIAL', 'PAID', 'REFUNDED', 'AM'] as const;

const orders = command({
  name: 'orders',
  args: '[--status INITIAL|PAID|REFUNDED|AM] [--mobile NUMBER] [--email ADDRESS] [--limit N]',
  summary:
    'orders, newest first (AM: AM orders waiting for approval); --mobile, --email: made with that contact',
  parse(argv) {
    const options = {
      status: { type: 'string' },
      mobile: { type: 'string' },
      email: { type: 'string' },
      limit: { type: 'string' },
    } as const;
    const { values, positionals } = parseCommand('orders', argv, options, []);
    noExtra('orders', positionals, 0);
    const status = values.status?.toUpperCase();
    if (status !== undefined && !(STATUSES as readonly string[]).includes(status)) {
      throw new UsageError(`orders: --status must be one of ${STATUSES.join(', ')}, got "${values.status}"`);
    }
    const mobile = values.mobile?.replace(/\D/g, '');
    if (mobile !== undefined && !isValidMobile(mobile, 'manual')) {
      throw new UsageError(`orders: --mobile must be 5 to 15 digits, got "${values.mobile}"`);
    }
    const email = values.email?.trim().toLowerCase();
    if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) {
      throw new UsageError(`orders: --email must be an e-mail address, got "${values.email}"`);
    }
    const limit = values.limit === undefined ? 50 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
      throw new UsageError(`orders: --limit must be 1-1000, got "${values.limit}"`);
    }
    return { status: status as (typeof STATUSES)[number] | undefined, mobile, email, limit };
  },
  async run(ctx, filter) {
    const rows = await listOrders(ctx.db, {
      limit: filter.limit,
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.mobile ? { mobile: filter.mobile } : {}),
      ...(filter.email ? { email: filter.email } : {}),
    });
    await writeAudit(ctx.db, {
      actor: adminActor(),
      action: filter.mobile ? 'orders by phone' : filter.email ? 'orders by e-mail' : 'orders listed',
      subject: [
        filter.mobile ? maskMobileContact(filter.mobile) : '',
        filter.email ? maskEmailContact(filter.email) : '',
        filter.status ?? '',
      ]
        .filter((part) => part !== '')
        .join(' '),
      records: rows.length,
    });
    if (rows.length === 0) {
      ctx.out('no orders');
      return;
    }
    ctx.out(
      table(
        [
          'order_id',
          'created',
          'event_key',
          'mobile',
          'channel',
          'status',
          'amount',
          'ref',
          'orig',
          'logo',
          'mail',
          'sms',
        ],
        rows.map((o) => [
          o.order_id,
          when(o.created_at),
          o.event_key,
          o.mobile,
          `${o.payment_gateway}/${o.payment_channel}`,
          o.refunded_at ? 'REFUNDED' : o.payment_status,
          o.amount,
          o.payment_ref ?? '',
          yn(o.is_original_image_created),
          yn(o.is_logo_image_created),
          yn(o.is_send_email),
          yn(o.is_send_sms),
        ]),
      ),
    );
  },
});

const listAmOrders = command({
  name: 'list-am-orders',
  summary: 'AM (extra photos) orders waiting for approval, oldest first',
  parse(argv) {
    noExtra('list-am-orders', parseCommand('list-am-orders', argv, {}, []).positionals, 0);
  },
  async run(ctx) {
    const pending = await listPendingAmOrders(ctx.db);
    await writeAudit(ctx.db, { actor: adminActor(), action: 'AM orders listed', records: pending.length });
    if (pending.length === 0) {
      ctx.out('no AM orders are waiting');
      return;
    }
    ctx.out(
      table(
        ['order_id', 'created', 'event_key', 'mobile', 'am_order_ref', 'photos', 'amount'],
        pending.map((o) => [
          o.order_id,
          when(o.created_at),
          o.event_key,
          o.mobile,
          o.am_order_ref,
          o.photo_count,
          o.amount,
        ]),
      ),
    );
  },
});

const approveCommand = (name: string) =>
  command({
    name,
    args: '<order_uuid>',
    summary:
      name === 'approve-am'
        ? 'approve an AM (extra photos) order: it becomes PAID and its photos downloadable'
        : 'the same as approve-am',
    parse(argv) {
      const { positionals } = parseCommand(name, argv, {}, ['<order_uuid>']);
      noExtra(name, positionals, 1);
      return orderIdArg(name, positionals[0] as string);
    },
    async run(ctx, orderId) {
      settled(orderId, await approveAmOrder(ctx, orderId));
      ctx.out(`approved AM order ${orderId}: PAID; its photos are being prepared and the link sent`);
    },
  });

const markPaid = command({
  name: 'mark-paid',
  args: '<order_uuid> --ref REF [--note TEXT]',
  summary: 'sandbox only: record a payment received outside the gateway (REF: slip reference, 4+ characters)',
  parse(argv) {
    const name = 'mark-paid';
    const options = { ref: { type: 'string' }, note: { type: 'string' } } as const;
    const { values, positionals } = parseCommand(name, argv, options, ['<order_uuid>']);
    noExtra(name, positionals, 1);
    const ref = values.ref?.trim() ?? '';
    // Find-order matches a slip's last 4 characters, so a shorter reference could never be found.
    if (!/^[A-Za-z0-9._/-]{4,64}$/.test(ref)) {
      throw new UsageError(
        `${name}: --ref must be 4 to 64 letters, digits or . _ / -, got "${values.ref ?? ''}"`,
      );
    }
    const note = values.note?.trim() ?? '';
    if (note.length > 500) throw new UsageError(`${name}: --note is longer than 500 characters`);
    return { orderId: orderIdArg(name, positionals[0] as string), ref, note };
  },
  async run(ctx, { orderId, ref, note }) {
    if (ctx.paymentGateway !== 'sandbox') {
      throw new CommandFailed(
        `mark-paid works with the sandbox gateway only; with PAYMENT_GATEWAY=${ctx.paymentGateway} an order is paid by the gateway's callback`,
      );
    }
    settled(orderId, await markPaidByOperator(ctx, orderId, { paymentRef: ref, note }));
    ctx.out(`order ${orderId} is PAID (ref ${ref}); its photos are being prepared and the link sent`);
  },
});

const refund = command({
  name: 'refund',
  args: '<order_uuid> --reason TEXT',
  summary: 'record a refund of a paid order (made at the gateway or by transfer): its downloads stop',
  parse(argv) {
    const name = 'refund';
    const { values, positionals } = parseCommand(name, argv, { reason: { type: 'string' } } as const, [
      '<order_uuid>',
    ]);
    noExtra(name, positionals, 1);
    const reason = values.reason?.trim() ?? '';
    if (reason.length < 3 || reason.length > 500)
      throw new UsageError(`${name}: --reason must be 3 to 500 characters`);
    return { orderId: orderIdArg(name, positionals[0] as string), reason };
  },
  async run(ctx, { orderId, reason }) {
    const result = await refundOrder(ctx, orderId, reason);
    if (result === 'not-found') throw new CommandFailed(`no order ${orderId}`);
    if (result === 'not-paid') throw new CommandFailed(`order ${orderId} is not paid: nothing to refund`);
    if (result === 'nothing-paid')
      throw new CommandFailed(`order ${orderId} was not paid with money (FREE or AM)`);
    if (result === 'already-refunded') throw new CommandFailed(`order ${orderId} is already refunded`);
    ctx.out(`order ${orderId} is marked refunded (${reason}); its downloads have stopped`);
  },
});

const resendNotice = command({
  name: 'resend-notice',
  args: '<order_uuid>',
  summary: 'send the download link of a paid order again (e-mail, SMS or the console, as configured)',
  parse(argv) {
    const { positionals } = parseCommand('resend-notice', argv, {}, ['<order_uuid>']);
    noExtra('resend-notice', positionals, 1);
    return orderIdArg('resend-notice', positionals[0] as string);
  },
  async run(ctx, orderId) {
    const order = await findOrderWithEvent(ctx.db, orderId);
    if (!order) throw new CommandFailed(`no order ${orderId}`);
    if (order.payment_status !== 'PAID') throw new CommandFailed(`order ${orderId} is not paid yet`);
    if (order.refunded_at) throw new CommandFailed(`order ${orderId} was refunded`);
    const job = await enqueue(ctx.db, 'notify-order', { order_id: orderId, reason: 'resend' });
    ctx.out(`the download link of order ${orderId} is queued to be sent again (job ${job})`);
  },
});

export const orderCommands: Command[] = [
  orders,
  listAmOrders,
  approveCommand('approve-am'),
  approveCommand('approve-am-order'),
  markPaid,
  refund,
  resendNotice,
];
