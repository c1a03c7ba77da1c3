// Owns money: PAYMENT_GATEWAY=opn. PromptPay orders get an Opn charge with a promptpay source (qrcode_url is the
// image address of its QR, SPEC §4); cards are Opn card charges with 3-D Secure. Opn's webhooks (POST of an event
// object such as charge.complete) are not trusted as sent: the charge they name is fetched back from Opn with our
// secret key and only what Opn itself answers is settled (Opn's own recommendation for verifying webhooks).
import * as v from 'valibot';
import { chargeReport } from './card-charge';
import { type CallbackResult, GatewayUnavailable, type PaymentGateway, type PaymentReport } from './gateway';
import type { OpnClient } from './opn';
import { satangOf } from './settle';

/** The webhook body: an event object whose data is the object it is about (a charge for charge.* events). */
const webhookSchema = v.object({
  object: v.literal('event'),
  id: v.string(),
  key: v.string(),
  data: v.object({ object: v.string(), id: v.string() }),
});

const CHARGE_EVENTS = new Set(['charge.complete', 'charge.update', 'charge.create', 'charge.expire']);

export function opnGateway(client: OpnClient): PaymentGateway {
  const report = async (chargeId: string): Promise<PaymentReport | undefined> => {
    const read = await client.getCharge(chargeId);
    return read.ok ? chargeReport(read.value) : undefined;
  };
  return {
    name: 'OPN',
    async createPayment(request) {
      if (request.channel !== 'PP') return { qrcode_url: '', gateway_ref: '' };
      const created = await client.createPromptPayCharge({
        amountSatang: satangOf(request.amount),
        description: `order ${request.order_id}`,
        metadata: { order_id: request.order_id },
      });
      if (!created.ok)
        throw new GatewayUnavailable(`Opn refused the PromptPay charge: ${created.failure.message}`);
      const qr = created.value.source?.scannable_code?.image.download_uri;
      if (!qr) throw new GatewayUnavailable('Opn answered a PromptPay charge without a QR image');
      return { qrcode_url: qr, gateway_ref: created.value.id };
    },
    async verifyCallback({ body }): Promise<CallbackResult> {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return { kind: 'rejected', reason: 'the body is not JSON' };
      }
      const event = v.safeParse(webhookSchema, json);
      if (!event.success) return { kind: 'rejected', reason: 'not an Opn event' };
      const { key, data } = event.output;
      if (!CHARGE_EVENTS.has(key) || data.object !== 'charge') {
        return { kind: 'ignored', reason: `event ${key} is not about a charge` };
      }
      // Only what Opn answers for this charge counts, never what the webhook body says.
      const read = await client.getCharge(data.id);
      if (!read.ok) {
        return read.failure.code === 'not_found'
          ? { kind: 'rejected', reason: `charge ${data.id} is unknown to Opn` }
          : { kind: 'rejected', reason: `Opn could not be asked about ${data.id}: ${read.failure.message}` };
      }
      return { kind: 'report', report: chargeReport(read.value) };
    },
    callbackReference({ body }) {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return undefined;
      }
      const event = v.safeParse(webhookSchema, json);
      return event.success && event.output.data.object === 'charge' ? event.output.data.id : undefined;
    },
    callbackAnswer(accepted) {
      // Opn retries a webhook that is not answered 2xx; one that cannot be verified is refused.
      return accepted
        ? { status: 200, body: '{"received":true}', contentType: 'application/json' }
        : { status: 400, body: '{"received":false}', contentType: 'application/json' };
    },
    checkPayment: report,
    cards: client,
  };
}
