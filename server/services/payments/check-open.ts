// Owns money: the order page's own check at the gateway. A callback can be late, lost or blocked by a firewall; while
// a buyer's page asks about an INITIAL order, its open payments are read back from the gateway and settled through
// the one settle path. Card charges are read on every ask (the buyer is back from 3-D Secure); other payments at
// most once per CHECK_INTERVAL_MS each, so polling pages do not hammer a gateway.

import type { AppContext } from '../../context';
import { pendingPayments } from '../../db/payments-repo';
import { log } from '../../ops/log';
import { settleCardCharges } from '../card-payment';
import type { PaymentGateway } from './gateway';
import { settlePayment } from './settle';

export const CHECK_INTERVAL_MS = 10_000;
const MAX_REMEMBERED = 10_000;
const lastChecked = new Map<string, number>();

function due(key: string, now: number): boolean {
  const last = lastChecked.get(key);
  if (last !== undefined && now - last < CHECK_INTERVAL_MS) return false;
  if (lastChecked.size >= MAX_REMEMBERED) lastChecked.clear();
  lastChecked.set(key, now);
  return true;
}

export async function checkOpenPayments(
  ctx: Pick<AppContext, 'db' | 'now'>,
  gateway: PaymentGateway,
  orderId: string,
): Promise<void> {
  if (gateway.cards) await settleCardCharges(ctx, orderId, gateway.name, gateway.cards);
  if (!gateway.checkPayment) return;
  for (const payment of await pendingPayments(ctx.db, orderId, 'PP')) {
    if (payment.gateway !== gateway.name || !due(`${payment.gateway}:${payment.gateway_ref}`, Date.now()))
      continue;
    const report = await gateway.checkPayment(payment.gateway_ref).catch((error: unknown) => {
      log.warn(`payment check at ${gateway.name} failed`, { err: error });
      return undefined;
    });
    if (report) await settlePayment(ctx, gateway.name, report);
  }
}

/** Tests: forget when payments were last checked. */
export const forgetPaymentChecks = () => lastChecked.clear();
