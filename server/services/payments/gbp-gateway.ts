// Owns money: PAYMENT_GATEWAY=gbp, GB Prime Pay's QR Cash. A PromptPay order gets a QR text (the page draws it at
// 250 px, error correction Q) under our own 15-character reference; GB Prime Pay posts its background callback to
// /api/payments/gbp/callback. A callback is never trusted as sent: its reference is checked with the gateway's
// transaction status call (authorised by our secret key), and only the amount and state GB Prime Pay answers there
// are settled.
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { type CallbackResult, GatewayUnavailable, type PaymentGateway, type PaymentReport } from './gateway';
import { GBP_PAID_STATUSES, type GbpClient, type GbpTransaction } from './gbp';

/** The fields of the background callback this product reads (JSON or form-encoded). */
const callbackSchema = v.object({
  referenceNo: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{1,15}$/)),
  resultCode: v.optional(v.string(), ''),
});

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** A new reference: "RF" and 13 random characters (15 in all, GB Prime Pay's limit). */
export function newGbpReference(): string {
  const bytes = randomBytes(13);
  return `RF${Array.from(bytes, (b) => ALPHABET[b % 32]).join('')}`;
}

function readCallback(body: string): unknown {
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return undefined;
    }
  }
  return Object.fromEntries(new URLSearchParams(trimmed));
}

export function transactionReport(txn: GbpTransaction): PaymentReport {
  const paid = GBP_PAID_STATUSES.has(txn.status);
  return {
    gatewayRef: txn.referenceNo,
    status: paid ? 'paid' : txn.status === 'P' || txn.status === 'G' ? 'pending' : 'failed',
    amountSatang: Math.round(txn.amount * 100),
    paymentRef: txn.gbpReferenceNo || txn.referenceNo,
    ...(paid ? {} : { failure: `GB Prime Pay transaction status ${txn.status}` }),
  };
}

export function gbpGateway(client: GbpClient): PaymentGateway {
  const check = async (referenceNo: string): Promise<PaymentReport | undefined> => {
    const read = await client.checkStatus(referenceNo);
    if (!read.ok) throw new Error(read.failure.message);
    return read.value ? transactionReport(read.value) : undefined;
  };
  return {
    name: 'GBP',
    async createPayment(request) {
      if (request.channel !== 'PP') return { qrcode_url: '', gateway_ref: '' };
      const referenceNo = newGbpReference();
      const created = await client.createQr({
        referenceNo,
        amount: request.amount,
        backgroundUrl: request.callbackUri,
        detail: `order ${request.order_id}`.slice(0, 250),
      });
      if (!created.ok)
        throw new GatewayUnavailable(`GB Prime Pay refused the QR: ${created.failure.message}`);
      return { qrcode_url: created.value.qrcode, gateway_ref: referenceNo };
    },
    async verifyCallback({ body }): Promise<CallbackResult> {
      const parsed = v.safeParse(callbackSchema, readCallback(body));
      if (!parsed.success) return { kind: 'rejected', reason: 'not a GB Prime Pay callback' };
      let report: PaymentReport | undefined;
      try {
        report = await check(parsed.output.referenceNo);
      } catch (error) {
        return { kind: 'rejected', reason: `GB Prime Pay could not be asked: ${(error as Error).message}` };
      }
      if (!report)
        return {
          kind: 'rejected',
          reason: `reference ${parsed.output.referenceNo} is unknown to GB Prime Pay`,
        };
      return { kind: 'report', report };
    },
    callbackReference({ body }) {
      const parsed = v.safeParse(callbackSchema, readCallback(body));
      return parsed.success ? parsed.output.referenceNo : undefined;
    },
    callbackAnswer(accepted) {
      return accepted
        ? { status: 200, body: 'OK', contentType: 'text/plain' }
        : { status: 400, body: 'REJECTED', contentType: 'text/plain' };
    },
    checkPayment: check,
  };
}
