// Which payment callbacks count, and how copies of one are merged. Anyone can post a callback, and a gateway whose
// callbacks are verified by reading the payment back (Opn, GB Prime Pay) would make the store call it for every
// post: so the reference is looked up first. A callback about no payment of ours is refused and one already settled
// taken, both without a call; concurrent copies of one callback share one call; a verified report is settled
// through the one settle path (settle.ts).
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context';
import { findOpenedPayment } from '../../db/payments-repo';
import type { PaymentRowStatus } from '../../db/schema';
import { log } from '../../ops/log';
import type { CallbackRequest } from './gateway';
import { settlePayment } from './settle';

/** Payment states no callback can move on (FAILED can: money that arrives late). */
const SETTLED: ReadonlySet<PaymentRowStatus> = new Set(['PAID', 'DUPLICATE', 'REJECTED', 'REFUNDED']);

/** Takes the configured gateway's callbacks: each answers whether it was taken (the gateway's answer says so). */
export function paymentCallbacks(ctx: AppContext): (request: CallbackRequest) => Promise<boolean> {
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

  return (request: CallbackRequest): Promise<boolean> => {
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
}
