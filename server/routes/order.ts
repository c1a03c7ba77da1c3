// The order calls of SPEC §7 under /v1/order, /v2/order and /v3/order: create (v1, v3), inquiry (all three),
// find-order (v1), opn-cc-payment (v3). Handlers validate, call the orders service and answer.
import { Hono } from 'hono';
import {
  cardPaymentRequestSchema,
  findOrderRequestSchema,
  inquiryRequestSchema,
  orderRequestSchema,
} from '../../core/contract/order';
import type { AppContext } from '../context';
import { orderStateToken } from '../db/orders-repo';
import { payByCard } from '../services/card-payment';
import { nextOrderChange } from '../services/order-changes';
import { findOrdersFor, inquireOrder } from '../services/order-inquiry';
import { createOrder, tokenMatches } from '../services/orders';
import { refuse, respond } from '../services/outcome';
import { checkOpenPayments } from '../services/payments/check-open';
import { validate } from './validate';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY_MAX = 100;

/** The store's public address: PUBLIC_BASE_URL, else the request's own origin. */
export const baseUrlOf = (ctx: Pick<AppContext, 'publicBaseUrl'>, requestUrl: string) =>
  ctx.publicBaseUrl || new URL(requestUrl).origin;

/** A change made by another process is seen within this long (the order is read again). */
const RECHECK_MS = 2000;

/**
 * The order page's long poll: returns once the order's state differs from what the page knows, after `seconds`,
 * or when the page goes away. Changes in this process wake it at once; others are seen on the next re-read.
 */
async function waitForOrderChange(
  ctx: AppContext,
  orderId: string,
  known: string,
  seconds: number,
  signal: AbortSignal,
): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (!signal.aborted && Date.now() < until) {
    if ((await orderStateToken(ctx.db, orderId)) !== known) return;
    await nextOrderChange(orderId, Math.min(RECHECK_MS, until - Date.now()), signal);
    await checkOpenPayments(ctx, ctx.payments, orderId);
  }
}

export function orderRoutes(ctx: AppContext, version: 'v1' | 'v2' | 'v3') {
  const routes = new Hono();
  // Every order answer is one buyer's (the order id, contact, signed addresses): no cache may keep it.
  routes.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  if (version !== 'v2') {
    routes.post('/create', validate('json', orderRequestSchema), async (c) => {
      const key = c.req.header(IDEMPOTENCY_HEADER);
      if (key !== undefined && (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX)) {
        return respond(
          c,
          refuse(400, `${IDEMPOTENCY_HEADER} must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`, {
            field: IDEMPOTENCY_HEADER,
          }),
        );
      }
      const outcome = await createOrder(ctx, c.req.valid('json'), {
        apiVersion: version === 'v1' ? 1 : 3,
        idempotencyKey: key,
        baseUrl: baseUrlOf(ctx, c.req.url),
      });
      return respond(c, outcome, ({ uuid }) => ({ status: 'success' as const, uuid }));
    });
  }

  routes.post('/inquiry', validate('json', inquiryRequestSchema), async (c) => {
    const request = c.req.valid('json');
    if (tokenMatches(request.tk, ctx.appToken)) {
      // A payment the gateway has taken but not yet called back about (back from 3-D Secure, a late callback) is
      // read back and settled before answering.
      await checkOpenPayments(ctx, ctx.payments, request.order_uuid);
      if (request.wait && request.known) {
        await waitForOrderChange(ctx, request.order_uuid, request.known, request.wait, c.req.raw.signal);
      }
    }
    const outcome = await inquireOrder(ctx, request, { withApiResponse: version !== 'v3' });
    return respond(c, outcome, (inquiry) => ({ status: 'success' as const, ...inquiry }));
  });

  if (version === 'v3') {
    routes.post('/opn-cc-payment', validate('json', cardPaymentRequestSchema), async (c) => {
      const cards = ctx.payments.cards;
      if (!cards) {
        return respond(c, refuse(400, 'card payments are not enabled', { field: 'payment_channel' }));
      }
      const outcome = await payByCard(ctx, c.req.valid('json'), {
        gateway: ctx.payments.name,
        cards,
        returnBaseUrl: baseUrlOf(ctx, c.req.url),
      });
      return respond(c, outcome, (data) => ({ status: 'success' as const, data }));
    });
  }

  if (version === 'v1') {
    routes.post('/find-order', validate('json', findOrderRequestSchema), async (c) => {
      const outcome = await findOrdersFor(ctx, c.req.valid('json'));
      return respond(c, outcome, (body) => ({ status: 'success' as const, body }));
    });
  }
  return routes;
}
