// Admin commands over orders: AM (extra photos) approvals and payments received outside a gateway.
import { approveAmOrder, listPendingAmOrders, type MarkPaidResult, markOrderPaid } from '../db/orders-repo';
import { type Command, CommandFailed, command, noExtra, parseCommand, table, UsageError } from './args';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function orderIdArg(name: string, raw: string): string {
  if (!UUID.test(raw)) throw new UsageError(`${name}: "${raw}" is not an order id (a UUID)`);
  return raw.toLowerCase();
}

/** Turns anything but "paid" into the reason, as a failed command. */
function settled(orderId: string, result: MarkPaidResult): void {
  if (result === 'not-found') throw new CommandFailed(`no order ${orderId}`);
  if (result === 'already-paid') throw new CommandFailed(`order ${orderId} is already paid`);
  if (result === 'not-am') throw new CommandFailed(`order ${orderId} is not an AM (extra photos) order`);
}

const listAmOrders = command({
  name: 'list-am-orders',
  summary: 'AM (extra photos) orders waiting for approval, oldest first',
  parse(argv) {
    noExtra('list-am-orders', parseCommand('list-am-orders', argv, {}, []).positionals, 0);
  },
  async run(ctx) {
    const orders = await listPendingAmOrders(ctx.db);
    if (orders.length === 0) {
      ctx.out('no AM orders are waiting');
      return;
    }
    ctx.out(
      table(
        ['order_id', 'created', 'event_key', 'mobile', 'am_order_ref', 'photos', 'amount'],
        orders.map((o) => [
          o.order_id,
          o.created_at.toISOString().slice(0, 16).replace('T', ' '),
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

const approve = command({
  name: 'approve-am-order',
  args: '<order_uuid>',
  summary: 'approve an AM (extra photos) order: it becomes PAID and its photos downloadable',
  parse(argv) {
    const { positionals } = parseCommand('approve-am-order', argv, {}, ['<order_uuid>']);
    noExtra('approve-am-order', positionals, 1);
    return orderIdArg('approve-am-order', positionals[0] as string);
  },
  async run(ctx, orderId) {
    settled(orderId, await approveAmOrder(ctx.db, orderId, ctx.now()));
    ctx.out(`approved AM order ${orderId}: PAID`);
  },
});

const markPaid = command({
  name: 'mark-paid',
  args: '<order_uuid> --ref REF [--note TEXT]',
  summary: 'record a payment received outside the gateway (REF: slip or transfer reference, 4+ characters)',
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
    settled(orderId, await markOrderPaid(ctx.db, orderId, { paymentRef: ref, note, at: ctx.now() }));
    ctx.out(`order ${orderId} is PAID (ref ${ref})`);
  },
});

export const orderCommands: Command[] = [listAmOrders, approve, markPaid];
