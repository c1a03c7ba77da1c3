// The sandbox gateway's pages and card vault under /api/sandbox (mounted only when PAYMENT_GATEWAY=sandbox):
//   GET/POST /pay/{order_uuid | charge id}  the PromptPay payment page: pay or fail; the result is sent as a signed
//                                           callback through POST /api/payments/sandbox/callback, as a gateway's is
//   GET/POST /3ds/{charge id}               the 3-D Secure page of a card charge: pass or fail, then back to the order
//   POST /tokens                            the card form's vault: a card becomes a single-use token

import { type Context, Hono } from 'hono';
import { formatAmount } from '../../core/pricing';
import type { AppContext } from '../context';
import { findSandboxCharge, finishSandboxCharge, latestSandboxPromptPay } from '../db/sandbox-repo';
import { log } from '../ops/log';
import {
  isSandbox,
  orderOfCharge,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxCallback,
  sandboxTransferRef,
} from '../services/payments/sandbox';
import { createSandboxToken } from '../services/payments/sandbox-card-form';
import { failedPage, messagePage, paidPage, payPage, threeDsPage } from './sandbox-pages';

/** Sends a request through the API router itself (path relative to /api). */
export type DeliverToSelf = (path: string, init: RequestInit) => Promise<Response>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CHARGE = /^sbx_(pp|cc)_[0-9a-f]{24}$/;
const baht = (satang: number) => formatAmount(satang);
const NO_STORE = { 'cache-control': 'no-store' };

export function sandboxRoutes(ctx: AppContext, deliver: DeliverToSelf) {
  const gateway = ctx.payments;
  if (!isSandbox(gateway)) throw new Error('the sandbox routes need the sandbox gateway');
  const routes = new Hono();
  const missing = (c: Context) =>
    c.html(messagePage('missing', 'No sandbox payment here', 'ไม่พบรายการชำระเงินทดสอบนี้'), 404);

  /** The order's PromptPay payment (by order uuid, or the charge id itself). */
  async function promptPayCharge(id: string) {
    if (CHARGE.test(id)) {
      const charge = await findSandboxCharge(ctx.db, id);
      return charge?.kind === 'promptpay' ? charge : undefined;
    }
    return UUID.test(id) ? latestSandboxPromptPay(ctx.db, id.toLowerCase()) : undefined;
  }

  routes.get('/pay/:id', async (c) => {
    const charge = await promptPayCharge(c.req.param('id'));
    if (!charge) return missing(c);
    const order = await orderOfCharge(ctx.db, charge.order_id);
    const paid = order?.payment_status === 'PAID';
    return c.html(
      payPage({
        orderId: charge.order_id,
        chargeId: charge.id,
        amount: baht(charge.amount_satang),
        status: paid ? 'successful' : charge.status,
        transferRef: order?.payment_ref ?? '',
      }),
      200,
      NO_STORE,
    );
  });

  routes.post('/pay/:id', async (c) => {
    const charge = await promptPayCharge(c.req.param('id'));
    if (!charge) return missing(c);
    const form = await c.req.parseBody();
    const pay = form.action === 'pay';
    if (!pay && form.action !== 'fail')
      return c.html(messagePage('error', 'Choose pay or fail', 'เลือกชำระหรือไม่สำเร็จ'), 400);
    const failure = pay ? undefined : 'the payer failed the payment in the sandbox';
    const moved = await finishSandboxCharge(ctx.db, charge.id, {
      status: pay ? 'successful' : 'failed',
      ...(failure ? { failure_message: failure } : {}),
    });
    const now = await findSandboxCharge(ctx.db, charge.id);
    if (moved && now) {
      // The gateway's side is done; now its background callback, signed, through the real callback route.
      const callback: SandboxCallback = {
        object: 'sandbox.payment',
        id: now.id,
        status: pay ? 'successful' : 'failed',
        amount: now.amount_satang,
        currency: 'THB',
        transaction_ref: pay ? sandboxTransferRef() : '',
        failure_message: failure ?? null,
      };
      const body = JSON.stringify(callback);
      const answer = await deliver('/payments/sandbox/callback', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SANDBOX_SIGNATURE_HEADER]: gateway.signCallback(body),
        },
        body,
      });
      // Like a real gateway, a callback that is not taken is not the payer's problem: the order page's own check
      // at the gateway (checkPayment) still settles it.
      if (!answer.ok) log.warn(`sandbox callback for ${now.id} answered ${answer.status}`);
    }
    const amount = baht(charge.amount_satang);
    const settled = now?.status ?? charge.status;
    if (settled !== 'successful') return c.html(failedPage(charge.order_id, charge.id), 200, NO_STORE);
    // Like a bank's slip, the page shows the transfer reference (its last 4 characters find the order again).
    const transferRef = (await orderOfCharge(ctx.db, charge.order_id))?.payment_ref ?? '';
    return c.html(paidPage(charge.order_id, amount, transferRef), 200, NO_STORE);
  });

  routes.get('/3ds/:id', async (c) => {
    const id = c.req.param('id');
    const charge = CHARGE.test(id) ? await findSandboxCharge(ctx.db, id) : undefined;
    if (charge?.kind !== 'card') return missing(c);
    if (charge.status !== 'pending')
      return c.redirect(charge.return_uri || `/download/${charge.order_id}`, 302);
    return c.html(threeDsPage({ chargeId: charge.id, amount: baht(charge.amount_satang) }), 200, NO_STORE);
  });

  routes.post('/3ds/:id', async (c) => {
    const id = c.req.param('id');
    const charge = CHARGE.test(id) ? await findSandboxCharge(ctx.db, id) : undefined;
    if (charge?.kind !== 'card') return missing(c);
    const form = await c.req.parseBody();
    if (form.action !== 'pass' && form.action !== 'fail') {
      return c.html(messagePage('error', 'Choose pass or fail', 'เลือกผ่านหรือไม่ผ่าน'), 400);
    }
    await finishSandboxCharge(
      ctx.db,
      charge.id,
      form.action === 'pass'
        ? { status: 'successful' }
        : { status: 'failed', failure_message: 'the cardholder did not pass 3-D Secure' },
    );
    return c.redirect(charge.return_uri || `/download/${charge.order_id}`, 302);
  });

  routes.post('/tokens', async (c) => {
    const input = await c.req.json().catch(() => undefined);
    const result = await createSandboxToken(ctx.db, input, ctx.now());
    if (!result.ok)
      return c.json(
        { object: 'error', code: 'invalid_card', field: result.field, message: result.message },
        400,
      );
    return c.json(result.token, 200, NO_STORE);
  });

  return routes;
}
