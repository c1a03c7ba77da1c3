// POST /api/payments/{gateway}/callback: the background callback (webhook) of the configured gateway. The raw
// body goes to the gateway's own verification; a verified report is settled through the one settle path. The
// answer is the one the gateway expects: taken (even when it changes nothing: unknown payment, wrong amount, a
// replay) or refused when it cannot be verified, so a real gateway does not retry what will never settle.
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { settlePayment } from '../services/payments/settle';

export function paymentCallbackRoutes(ctx: AppContext) {
  const routes = new Hono();
  const gateway = ctx.payments;
  routes.post(`/${gateway.name.toLowerCase()}/callback`, async (c) => {
    const body = await c.req.text();
    const verified = await gateway.verifyCallback({ headers: c.req.raw.headers, body });
    let accepted = true;
    if (verified.kind === 'rejected') {
      console.warn(`payment callback from ${gateway.name} refused: ${verified.reason}`);
      accepted = false;
    } else if (verified.kind === 'report') {
      const result = await settlePayment(ctx, gateway.name, verified.report);
      if (result !== 'paid' && result !== 'failed' && result !== 'pending') {
        console.warn(`payment callback ${gateway.name} ${verified.report.gatewayRef}: ${result}`);
      }
    }
    const answer = gateway.callbackAnswer(accepted);
    return c.body(answer.body, answer.status, {
      'content-type': answer.contentType,
      'cache-control': 'no-store',
    });
  });
  return routes;
}
