// POST /api/payments/{gateway}/callback: the background callback (webhook) of the configured gateway. The raw
// body goes to the gateway's own verification; a verified report is settled through the one settle path. The
// answer is the one the gateway expects: taken (even when it changes nothing: unknown payment, wrong amount, a
// replay) or refused when it cannot be verified, so a real gateway does not retry what will never settle.
// Which callbacks count and how copies merge is services/payments/callbacks.ts; the route is limited per source
// (routes/api.ts). A body that is not plain UTF-8 (a byte-order mark, an invalid byte) is refused: signatures cover
// exact bytes, and no gateway sends one.

import { Hono } from 'hono';
import type { AppContext } from '../context';
import { log } from '../ops/log';
import { paymentCallbacks } from '../services/payments/callbacks';

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
  const take = paymentCallbacks(ctx);

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
