// The order calls of SPEC §7 under /v1/order, /v2/order and /v3/order: create (v1, v3), inquiry (all three),
// find-order (v1), opn-cc-payment (v3), and our promptpay-instead (v3). Handlers validate, call a service and answer.
import { type Context, Hono } from 'hono';
import {
  cardPaymentRequestSchema,
  findOrderRequestSchema,
  inquiryRequestSchema,
  orderRequestSchema,
} from '../../core/contract/order';
import { promptPayInsteadRequestSchema } from '../../core/contract/promptpay-instead';
import type { AppContext } from '../context';
import { payByCard } from '../services/card-payment';
import { findOrdersFor, inquireOrder, orderUnchanged } from '../services/order-inquiry';
import type { OrderWatch } from '../services/order-watch';
import { createOrder, tokenMatches } from '../services/orders';
import { refuse, respond } from '../services/outcome';
import { ownAddressOf } from '../services/own-address';
import { paidThumbnailOf } from '../services/paid-thumbnails';
import { checkOpenPayments } from '../services/payments/check-open';
import { payByPromptPayInstead } from '../services/payments/promptpay-instead';
import type { RateLimiter } from '../services/rate-limit';
import { validate } from './validate';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY_MAX = 100;

export interface OrderRouteDeps {
  /** The long polls' shared feed (one for the app's three versions). */
  watch: OrderWatch;
  /** Whose held polls and allowances a request counts against. */
  clientOf: (c: Context) => string;
  /** The allowance of a client's orders that pay nothing to send notices. */
  freeNotices: RateLimiter;
}

export function orderRoutes(ctx: AppContext, version: 'v1' | 'v2' | 'v3', deps: OrderRouteDeps) {
  const { watch, clientOf } = deps;
  const routes = new Hono();
  // Every order answer is one buyer's (the order id, contact, signed addresses): no shared cache may keep it.
  routes.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
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
        baseUrl: ownAddressOf(ctx, c.req.url),
        mayNotifyFree: async () => (await deps.freeNotices.take(clientOf(c))) === 0,
      });
      return respond(c, outcome, ({ uuid }) => ({ status: 'success' as const, uuid }));
    });
  }

  routes.post('/inquiry', validate('json', inquiryRequestSchema), async (c) => {
    const request = c.req.valid('json');
    // A poll's `wait` counts from its arrival, whatever the checks before the hold took.
    const arrived = Date.now();
    if (tokenMatches(request.tk, ctx.appToken)) {
      // A payment the gateway has taken but not yet called back about (back from 3-D Secure, a late callback) is
      // read back and settled before answering.
      await checkOpenPayments(ctx, ctx.payments, request.order_uuid);
      // The order page's long poll: held (at no cost, order-watch.ts) while the order is as the page knows it.
      if (request.wait && request.known && (await orderUnchanged(ctx, request.order_uuid, request.known)))
        await watch.wait(
          request.order_uuid,
          request.known,
          request.wait * 1000 - (Date.now() - arrived),
          clientOf(c),
          c.req.raw.signal,
        );
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
        returnBaseUrl: ownAddressOf(ctx, c.req.url),
      });
      return respond(c, outcome, (data) => ({ status: 'success' as const, data }));
    });
    // Our addition: an unpaid card order paid by PromptPay instead, on the same order (its QR then shows).
    routes.post('/promptpay-instead', validate('json', promptPayInsteadRequestSchema), async (c) => {
      const outcome = await payByPromptPayInstead(ctx, c.req.valid('json'), {
        baseUrl: ownAddressOf(ctx, c.req.url),
      });
      return respond(c, outcome, (answer) => ({ status: 'success' as const, ...answer }));
    });
  }

  if (version === 'v1') {
    // The buyer's unmarked thumbnails of a paid order: the order's address is what grants them.
    routes.get('/:uuid/thumbnail/:photo', async (c) => {
      const outcome = await paidThumbnailOf(ctx, c.req.param('uuid'), c.req.param('photo'));
      if (!outcome.ok) return respond(c, outcome);
      c.header('Cache-Control', 'private, max-age=86400');
      return c.body(new Uint8Array(outcome.value), 200, { 'Content-Type': 'image/jpeg' });
    });
    routes.post('/find-order', validate('json', findOrderRequestSchema), async (c) => {
      const outcome = await findOrdersFor(ctx, c.req.valid('json'));
      return respond(c, outcome, (body) => ({ status: 'success' as const, body }));
    });
  }
  return routes;
}
