// POST /api/payments/{gateway}/callback: the background callback (webhook) of the configured gateway. The raw
// body goes to the gateway's own verification; a verified report is settled through the one settle path. The
// answer is the one the gateway expects: taken (even when it changes nothing: unknown payment, wrong amount, a
// replay) or refused when it cannot be verified, so a real gateway does not retry what will never settle.
//
// Anyone can post here, and a gateway whose callbacks are verified by reading the payment back (Opn, GB
// Prime Pay) made the store call it for every post. Now the reference is looked up first: a callback about no
// payment of ours is refused and one already settled taken, both without a call; concurrent copies of one reference share one
// call; and the route is limited per source (routes/api.ts). A body that is not plain UTF-8 (a byte-order mark, an
// invalid byte) is refused: signatures cover exact bytes, and no gateway sends one.

import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppContext } from '../context';
import { findOpenedPayment } from '../db/payments-repo';
import { log } from '../ops/log';
import type { CallbackRequest } from '../services/payments/gateway';
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
  /**
   * Callbacks being handled (checked at the gateway, then settled), by reference and body: a copy arriving meanwhile
   * waits for the same outcome. Kept until the settle is written, so a copy coming after finds it settled.
   */
  const handling = new Map<string, Promise<boolean>>();

  /** Verifies a callback and settles what it reports: whether it was taken. */
  const handle = async (request: CallbackRequest): Promise<boolean> => {
    const verified = await gateway.verifyCallback(request);
    if (verified.kind === 'rejected') {
      log.warn(`payment callback from ${gateway.name} refused: ${verified.reason}`);
      return false;
    }
    if (verified.kind === 'report') {
      const result = await settlePayment(ctx, gateway.name, verified.report);
      if (result !== 'paid' && result !== 'failed' && result !== 'pending') {
        log.warn(`payment callback ${gateway.name} ${verified.report.gatewayRef}: ${result}`);
      }
    }
    return true;
  };

  /** Looks the reference up first (no call for a payment not ours or settled), then handles it. */
  const lookUpAndHandle = async (request: CallbackRequest, reference: string): Promise<boolean> => {
    const payment = await findOpenedPayment(ctx.db, gateway.name, reference);
    // No payment of ours has that reference: refused unread, and not logged (anyone can post here).
    if (!payment) return false;
    // A copy of what was settled already: taken, nothing to do.
    if (SETTLED.has(payment.status)) return true;
    return handle(request);
  };

  const take = (request: CallbackRequest): Promise<boolean> => {
    const reference = gateway.callbackReference?.(request);
    if (reference === undefined) return handle(request);
    // Copies share one handling (from the lookup to the settle) only when they are the same callback: another body
    // naming the same reference (a forged event key, say) is judged on its own.
    const key = `${reference}\n${createHash('sha256').update(request.body).digest('base64')}`;
    const under = handling.get(key);
    if (under) return under;
    const handled = lookUpAndHandle(request, reference).finally(() => handling.delete(key));
    handling.set(key, handled);
    return handled;
  };

  routes.post(`/${gateway.name.toLowerCase()}/callback`, async (c) => {
    const body = plainUtf8(new Uint8Array(await c.req.arrayBuffer()));
    if (body === undefined)
      log.warn(`payment callback from ${gateway.name} refused: the body is not plain UTF-8`);
    const accepted = body === undefined ? false : await take({ headers: c.req.raw.headers, body });
    const answer = gateway.callbackAnswer(accepted);
    return c.body(answer.body, answer.status, {
      'content-type': answer.contentType,
      'cache-control': 'no-store',
    });
  });
  return routes;
}
