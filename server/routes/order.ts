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
import { payByCard, settleCardCharge } from '../services/card-payment';
import { findOrdersFor, inquireOrder } from '../services/order-inquiry';
import { createOrder, tokenMatches } from '../services/orders';
import { refuse, respond } from '../services/outcome';
import type { PaymentGateway } from '../services/payments/gateway';
import type { OpnClient } from '../services/payments/opn';
import { sandboxGateway } from '../services/payments/sandbox';
import { validate } from './validate';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const IDEMPOTENCY_KEY_MAX = 100;

export function orderRoutes(
  ctx: AppContext,
  version: 'v1' | 'v2' | 'v3',
  gateway: PaymentGateway = sandboxGateway(),
  /** The card gateway (PAYMENT_GATEWAY=opn); without it card payments are refused. */
  opn?: OpnClient,
  /** Where 3-D Secure returns the buyer (PUBLIC_BASE_URL); by default the request's own origin. */
  publicBaseUrl?: string,
) {
  const routes = new Hono();

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
        gateway,
      });
      return respond(c, outcome, ({ uuid }) => ({ status: 'success' as const, uuid }));
    });
  }

  routes.post('/inquiry', validate('json', inquiryRequestSchema), async (c) => {
    const request = c.req.valid('json');
    // Back from 3-D Secure the buyer's page asks again: a card charge the gateway now reports paid settles first.
    if (opn && tokenMatches(request.tk, ctx.appToken)) await settleCardCharge(ctx, request.order_uuid, opn);
    const outcome = await inquireOrder(ctx, request, { withApiResponse: version !== 'v3' });
    return respond(c, outcome, (inquiry) => ({ status: 'success' as const, ...inquiry }));
  });

  if (version === 'v3') {
    routes.post('/opn-cc-payment', validate('json', cardPaymentRequestSchema), async (c) => {
      if (!opn) {
        return respond(c, refuse(400, 'card payments are not enabled', { field: 'payment_channel' }));
      }
      const returnBaseUrl = publicBaseUrl || new URL(c.req.url).origin;
      const outcome = await payByCard(ctx, c.req.valid('json'), { opn, returnBaseUrl });
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
