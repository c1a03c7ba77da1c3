// POST /api/payments/{gateway}/callback: the background callback (webhook) of the configured gateway. The raw
// body goes to the gateway's own verification; a verified report is settled through the one settle path. The
// answer is the one the gateway expects: taken (even when it changes nothing: unknown payment, wrong amount, a
// replay) or refused when it cannot be verified, so a real gateway does not retry what will never settle.
//
// Issue 33: anyone can post here, and a gateway whose callbacks are verified by reading the payment back (Opn, GB
// Prime Pay) made the store call it for every post. Now the reference is looked up first: a callback about no
// payment of ours is refused and one already settled taken, both without a call; concurrent copies of one reference share one
// call; and the route is limited per source (routes/api.ts). A body that is not plain UTF-8 (a byte-order mark, an
// invalid byte) is refused: signatures cover exact bytes, and no gateway sends one.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { findOpenedPayment } from '../db/payments-repo';
import type { CallbackRequest, CallbackResult } from '../services/payments/gateway';
import { settlePayment } from '../services/payments/settle';

/** Payment states no callback can move on (FAILED can: money that arrives late). */
const SETTLED = new Set(['PAID', 'DUPLICATE', 'REJECTED', 'REFUNDED']);

const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

/** The body as text, or undefined when it starts with a byte-order mark or is not valid UTF-8. */
function plainUtf8(bytes: Uint8Array): string | undefined {
  if (BYTE_ORDER_MARK.every((b, i) => bytes[i] === b)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

export function paymentCallbackRoutes(ctx: AppContext) {
  const routes = new Hono();
  const gateway = ctx.payments;
  /** Checks at the gateway under way, by reference and body: a copy arriving meanwhile waits for the same answer. */
  const checking = new Map<string, Promise<CallbackResult>>();

  const verify = async (request: CallbackRequest): Promise<CallbackResult | 'settled' | 'not ours'> => {
    const reference = gateway.callbackReference?.(request);
    if (reference === undefined) return gateway.verifyCallback(request);
    const payment = await findOpenedPayment(ctx.db, gateway.name, reference);
    if (!payment) return 'not ours';
    if (SETTLED.has(payment.status)) return 'settled';
    // Copies share one check only when they are the same callback: another body naming the same reference (a
    // forged event key, say) is judged on its own.
    const key = `${reference}\n${createHash('sha256').update(request.body).digest('base64')}`;
    const under = checking.get(key);
    if (under) return under;
    const check = gateway.verifyCallback(request).finally(() => checking.delete(key));
    checking.set(key, check);
    return check;
  };

  routes.post(`/${gateway.name.toLowerCase()}/callback`, async (c) => {
    const body = plainUtf8(new Uint8Array(await c.req.arrayBuffer()));
    const verified =
      body === undefined
        ? ({ kind: 'rejected', reason: 'the body is not plain UTF-8' } as const)
        : await verify({ headers: c.req.raw.headers, body });
    let accepted = true;
    if (verified === 'settled') {
      // A copy of what was settled already: taken, nothing to do.
    } else if (verified === 'not ours') {
      // No payment of ours has that reference: refused unread, and not logged (anyone can post here).
      accepted = false;
    } else if (verified.kind === 'rejected') {
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
