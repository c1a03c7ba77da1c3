// Owns money: the one seam between an order and whoever collects its payment. PAYMENT_GATEWAY picks the adapter
// (sandbox, gbp or opn); each opens payments, verifies its own callbacks the way its documentation says, can be
// asked about a payment directly, and may take cards. What a verified report does to an order is decided in one
// place only, services/payments/settle.ts.
import type { ErrorCode } from '../../../core/contract/common';
import type { CardCharge, CardResult, NewCardCharge } from './card-charge';

/** The name kept on the order (payment_gateway) and answered by utils/conf. */
export type GatewayName = 'SANDBOX' | 'GBP' | 'OPN';

/** What a gateway needs to open a payment for a new order. */
export interface PaymentRequest {
  order_id: string;
  /** The final payment as a decimal string ("63.00"); never 0.00 (free orders open no payment). */
  amount: string;
  /** PP (PromptPay QR) or CC (card); AM and FREE orders open no payment. */
  channel: 'PP' | 'CC';
  /** The order's page, where a gateway's own pages send the buyer back. */
  returnUri: string;
  /** The address the gateway posts its background callback to. */
  callbackUri: string;
}

export interface OpenedPayment {
  /**
   * SPEC §4: for GBP and the sandbox the text the client draws as a QR code (error correction Q), for OPN an
   * image address; empty when the channel shows no QR (CC).
   */
  qrcode_url: string;
  /** Our key of this payment at the gateway (reference number, charge id): callbacks and checks name it. */
  gateway_ref: string;
}

/** A gateway could not open the payment: the order is not created. */
export class GatewayUnavailable extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode = 'payment-gateway-error',
  ) {
    super(message);
    this.name = 'GatewayUnavailable';
  }
}

/** A payment as the gateway reports it, once verified. */
export interface PaymentReport {
  /** The gateway_ref the payment was opened with (how the order is found). */
  gatewayRef: string;
  /** paid: money received; failed: the attempt ended without money; pending: nothing yet. */
  status: 'paid' | 'failed' | 'pending';
  /** The amount the gateway says was paid, in satang. */
  amountSatang: number;
  /** The transfer or transaction reference (find-order matches its last 4 characters). */
  paymentRef: string;
  /** Why it failed, in the gateway's words. */
  failure?: string;
}

/** A callback as it arrived: verification needs the raw body (signatures cover the exact bytes). */
export interface CallbackRequest {
  headers: Headers;
  body: string;
}

export type CallbackResult =
  /** Verified: settle it. */
  | { kind: 'report'; report: PaymentReport }
  /** Genuine but nothing to act on (another event type). */
  | { kind: 'ignored'; reason: string }
  /** Not verified (bad signature, unknown payment at the gateway, unreadable): nothing changes. */
  | { kind: 'rejected'; reason: string };

/** What the gateway expects back from our callback route. */
export interface CallbackAnswer {
  status: 200 | 400 | 401;
  body: string;
  contentType: string;
}

/** Card charges (CC): a single-use token becomes a charge, 3-D Secure returns the buyer, the charge is read back. */
export interface CardGateway {
  createCharge(charge: NewCardCharge): Promise<CardResult<CardCharge>>;
  getCharge(id: string): Promise<CardResult<CardCharge>>;
  /** Gives `amountSatang` of a successful charge back to the card (a duplicate charge). */
  refundCharge(id: string, amountSatang: number): Promise<CardResult<{ id: string }>>;
}

export interface PaymentGateway {
  name: GatewayName;
  createPayment(request: PaymentRequest): Promise<OpenedPayment>;
  /** Verifies a callback as the gateway documents it (signature, checksum, or reading the payment back). */
  verifyCallback(request: CallbackRequest): Promise<CallbackResult>;
  /**
   * For a gateway whose callbacks are verified by reading the payment back from it (a call out): the reference a
   * callback names, read without any call (undefined: not such a callback). The store looks it up first, so that a
   * callback about no payment of ours, or one already settled, costs no call.
   */
  callbackReference?(request: CallbackRequest): string | undefined;
  /** The answer the gateway expects for a callback we took (accepted) or could not take. */
  callbackAnswer(accepted: boolean): CallbackAnswer;
  /** Asks the gateway about one payment (the inquiry's fallback when a callback is late or lost). */
  checkPayment?(gatewayRef: string): Promise<PaymentReport | undefined>;
  /** Present when the gateway takes cards. */
  cards?: CardGateway;
}
