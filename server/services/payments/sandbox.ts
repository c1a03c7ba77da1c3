// Owns money (demo and tests): the sandbox gateway, a gateway that lives in our own server so the whole payment
// lifecycle runs with no outside service. A PromptPay order gets a real EMVCo PromptPay payload (any Thai banking
// app can scan it; nothing is charged) and a sandbox payment that the sandbox page (routes/sandbox.ts) pays or
// fails. The result reaches the order through the same callback route a real gateway uses, signed as the sandbox
// defines: header Sandbox-Signature "t=<unix seconds>,v1=<hex HMAC-SHA256 of '<t>.<raw body>'>", valid 5 minutes.
// Cards: single-use tokens from the sandbox card form become charges in the shape of Opn's Charges API, with a
// 3-D Secure page of their own, so the card path is the one real gateways take.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import generatePayload from 'promptpay-qr';
import * as v from 'valibot';
import type { Db } from '../../db/database';
import { findOrderWithEvent } from '../../db/orders-repo';
import {
  findSandboxCharge,
  insertSandboxCharge,
  refundSandboxCharge,
  type SandboxCharge,
  takeSandboxToken,
} from '../../db/sandbox-repo';
import { type CardCharge, cardFailed } from './card-charge';
import type {
  CallbackRequest,
  CallbackResult,
  CardGateway,
  OpenedPayment,
  PaymentGateway,
  PaymentReport,
  PaymentRequest,
} from './gateway';
import { satangOf } from './settle';

/**
 * The sandbox QR's PromptPay id when PROMPTPAY_ID is not set: no one's (a banking app refuses it), so that no one
 * who scans a demo QR sends money to a stranger's number.
 */
export const DEFAULT_PROMPTPAY_ID = '0000000000';
export const SANDBOX_SIGNATURE_HEADER = 'Sandbox-Signature';
/** A signed callback older (or newer) than this is refused: a captured one cannot be replayed later. */
export const SANDBOX_SIGNATURE_TOLERANCE_S = 300;

/** A phone number (10 digits), a citizen or tax id (13) or an e-wallet id (15). */
const PROMPTPAY_ID = /^(\d{10}|\d{13}|\d{15})$/;

export interface SandboxOptions {
  db: Db;
  /** Signs and verifies the sandbox's callbacks (derived from the store's signing secret). */
  secret: string;
  /** The PromptPay id the QR pays to (PROMPTPAY_ID); DEFAULT_PROMPTPAY_ID (no one's) when not given. */
  promptPayId?: string;
  now?: () => Date;
}

/** The callback the sandbox sends (its documented body). */
export const sandboxCallbackSchema = v.object({
  object: v.literal('sandbox.payment'),
  id: v.pipe(v.string(), v.regex(/^sbx_(pp|cc)_[A-Za-z0-9]{8,40}$/)),
  status: v.picklist(['successful', 'failed']),
  amount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  currency: v.literal('THB'),
  transaction_ref: v.pipe(v.string(), v.maxLength(64)),
  failure_message: v.nullable(v.pipe(v.string(), v.maxLength(500))),
});
export type SandboxCallback = v.InferOutput<typeof sandboxCallbackSchema>;

const newId = (kind: 'pp' | 'cc' | 'tokn') =>
  `${kind === 'tokn' ? 'tokn_sbx' : `sbx_${kind}`}_${randomBytes(12).toString('hex')}`;

/** A transfer reference as a bank slip shows it: find-order matches its last 4 characters. */
export function sandboxTransferRef(now = new Date()): string {
  // The day, then 12 letters and digits, as Thai banks' slips print them (not hex: a hex suffix has only
  // 65,536 values to try).
  const day = now.toISOString().slice(0, 10).replace(/-/g, '');
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `${day}${Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join('')}`;
}

export function signSandboxBody(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const mac = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${mac}`;
}

function signatureValid(secret: string, header: string | null, body: string, now: Date): boolean {
  const parts = Object.fromEntries(
    (header ?? '').split(',').map((p) => {
      const i = p.indexOf('=');
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  const given = parts.v1 ?? '';
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(now.getTime() / 1000 - t) > SANDBOX_SIGNATURE_TOLERANCE_S) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}

/** The sandbox's view of one of its charges as a report (what a real gateway's status check answers). */
export function sandboxReport(charge: SandboxCharge, transactionRef = ''): PaymentReport {
  return {
    gatewayRef: charge.id,
    status: charge.status === 'successful' ? 'paid' : charge.status === 'failed' ? 'failed' : 'pending',
    amountSatang: charge.amount_satang,
    paymentRef: transactionRef,
    ...(charge.failure_message ? { failure: charge.failure_message } : {}),
  };
}

export interface SandboxGateway extends PaymentGateway {
  name: 'SANDBOX';
  /** Signs a callback body as the sandbox's callbacks are signed (the sandbox page sends it). */
  signCallback(body: string): string;
}

export const isSandbox = (gateway: PaymentGateway): gateway is SandboxGateway =>
  gateway.name === 'SANDBOX' && 'signCallback' in gateway;

export function sandboxGateway(options: SandboxOptions): SandboxGateway {
  const { db, secret } = options;
  const now = options.now ?? (() => new Date());
  const promptPayId = options.promptPayId ?? DEFAULT_PROMPTPAY_ID;
  if (!PROMPTPAY_ID.test(promptPayId)) {
    throw new Error(`PROMPTPAY_ID must be 10, 13 or 15 digits, got "${promptPayId}"`);
  }
  return {
    name: 'SANDBOX',
    signCallback: (body) => signSandboxBody(secret, body, now()),
    async createPayment(request: PaymentRequest): Promise<OpenedPayment> {
      if (request.channel !== 'PP') return { qrcode_url: '', gateway_ref: '' };
      const qrcode_url = promptPayPayload(promptPayId, request.amount);
      const id = newId('pp');
      await insertSandboxCharge(db, {
        id,
        order_id: request.order_id,
        kind: 'promptpay',
        amount_satang: satangOf(request.amount),
        status: 'pending',
        return_uri: request.returnUri,
      });
      return { qrcode_url, gateway_ref: id };
    },
    async verifyCallback(request: CallbackRequest): Promise<CallbackResult> {
      if (!signatureValid(secret, request.headers.get(SANDBOX_SIGNATURE_HEADER), request.body, now())) {
        return { kind: 'rejected', reason: 'bad or expired sandbox signature' };
      }
      let json: unknown;
      try {
        json = JSON.parse(request.body);
      } catch {
        return { kind: 'rejected', reason: 'the body is not JSON' };
      }
      const parsed = v.safeParse(sandboxCallbackSchema, json);
      if (!parsed.success) return { kind: 'rejected', reason: 'not a sandbox payment' };
      const body = parsed.output;
      return {
        kind: 'report',
        report: {
          gatewayRef: body.id,
          status: body.status === 'successful' ? 'paid' : 'failed',
          amountSatang: body.amount,
          paymentRef: body.transaction_ref,
          ...(body.failure_message ? { failure: body.failure_message } : {}),
        },
      };
    },
    callbackAnswer(accepted) {
      return accepted
        ? { status: 200, body: '{"received":true}', contentType: 'application/json' }
        : { status: 400, body: '{"received":false}', contentType: 'application/json' };
    },
    async checkPayment(gatewayRef) {
      const charge = await findSandboxCharge(db, gatewayRef);
      return charge ? sandboxReport(charge) : undefined;
    },
    cards: sandboxCards(db),
  };
}

/** Sandbox card charges in the shape of Opn's Charges API; authorize_uri is the sandbox's 3-D Secure page. */
function sandboxCards(db: Db): CardGateway {
  const asCharge = (charge: SandboxCharge): CardCharge => {
    const pending = charge.status === 'pending';
    return {
      object: 'charge',
      id: charge.id,
      amount: charge.amount_satang,
      currency: 'thb',
      status: charge.status,
      authorize_uri: pending ? sandboxAuthorizeUri(charge.return_uri, charge.id) : null,
      authorized: charge.status === 'successful',
      paid: charge.status === 'successful',
      failure_code: charge.status === 'failed' ? 'payment_rejected' : null,
      failure_message: charge.failure_message,
      transaction: charge.status === 'successful' ? `trxn_${charge.id.slice(-12)}` : null,
    };
  };
  return {
    async createCharge(request) {
      if (!Number.isSafeInteger(request.amountSatang) || request.amountSatang <= 0) {
        return cardFailed({
          kind: 'api',
          code: 'invalid_amount',
          message: 'amount must be a positive integer',
        });
      }
      if (request.currency.toLowerCase() !== 'thb') {
        return cardFailed({
          kind: 'api',
          httpStatus: 400,
          code: 'invalid_charge',
          message: 'currency must be thb',
        });
      }
      const token = await takeSandboxToken(db, request.card);
      if (!token) {
        return cardFailed({
          kind: 'api',
          httpStatus: 404,
          code: 'not_found',
          message: 'token was not found or already used',
        });
      }
      const id = newId('cc');
      const orderId = request.metadata.order_id ?? '';
      const declined = token.outcome === 'declined';
      await insertSandboxCharge(db, {
        id,
        order_id: orderId,
        kind: 'card',
        amount_satang: request.amountSatang,
        status: token.outcome === 'no-3ds' ? 'successful' : declined ? 'failed' : 'pending',
        failure_message: declined ? 'the card was declined (sandbox card 4000 0000 0000 0002)' : null,
        return_uri: request.returnUri,
      });
      const charge = await findSandboxCharge(db, id);
      if (!charge) throw new Error(`sandbox charge ${id} was not written`);
      return { ok: true, value: asCharge(charge) };
    },
    async refundCharge(id, amountSatang) {
      const charge = await findSandboxCharge(db, id);
      const left = charge ? charge.amount_satang - charge.refunded_satang : 0;
      if (
        charge?.kind !== 'card' ||
        charge.status !== 'successful' ||
        amountSatang <= 0 ||
        amountSatang > left
      ) {
        return cardFailed({
          kind: 'api',
          httpStatus: 400,
          code: 'invalid_refund',
          message: `charge ${id} cannot be refunded ${amountSatang} satang`,
        });
      }
      if (!(await refundSandboxCharge(db, id, amountSatang))) {
        return cardFailed({
          kind: 'api',
          httpStatus: 400,
          code: 'invalid_refund',
          message: `charge ${id} has less than ${amountSatang} satang left to refund`,
        });
      }
      return { ok: true, value: { id: `rfnd_${id.slice(-12)}_${charge.refunded_satang + amountSatang}` } };
    },
    async getCharge(id) {
      const charge = await findSandboxCharge(db, id);
      if (charge?.kind !== 'card') {
        return cardFailed({
          kind: 'api',
          httpStatus: 404,
          code: 'not_found',
          message: `charge ${id} was not found`,
        });
      }
      return { ok: true, value: asCharge(charge) };
    },
  };
}

/** The sandbox 3-D Secure page of a charge, on the store's own origin (the one the buyer returns to). */
export function sandboxAuthorizeUri(returnUri: string, chargeId: string): string {
  let origin = '';
  try {
    origin = new URL(returnUri).origin;
  } catch {
    origin = '';
  }
  return `${origin}/api/sandbox/3ds/${chargeId}`;
}

/** Test cards of the sandbox card form: what each number does. Any other valid number asks for 3-D Secure. */
export const SANDBOX_TEST_CARDS = {
  '4242424242424242': '3ds',
  '4111111111111111': 'no-3ds',
  '4000000000000002': 'declined',
} as const;

/** The EMVCo PromptPay payload for an amount given as a decimal string ("63.00"). */
export function promptPayPayload(promptPayId: string, amount: string): string {
  if (!/^\d{1,9}\.\d{2}$/.test(amount) || Number(amount) <= 0) {
    throw new Error(`amount must be a positive decimal string like 63.00, got "${amount}"`);
  }
  return generatePayload(promptPayId, { amount: Number(amount) });
}

/** A single-use sandbox token id. */
export const newSandboxTokenId = () => newId('tokn');

/** The order a sandbox charge is for, with its event (its pages show the order's transfer reference). */
export const orderOfCharge = (db: Db, orderId: string) => findOrderWithEvent(db, orderId);
