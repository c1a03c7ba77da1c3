// Owns money (demo only): the sandbox gateway. A PromptPay order gets a real EMVCo PromptPay payload for a demo
// PromptPay id and the exact amount, so any Thai banking app can scan it; nothing is charged by this server.
import generatePayload from 'promptpay-qr';
import type { OpenedPayment, PaymentGateway, PaymentRequest } from './gateway';

export const DEFAULT_PROMPTPAY_ID = '0812345678';

/** A phone number (10 digits), a citizen or tax id (13) or an e-wallet id (15). */
const PROMPTPAY_ID = /^(\d{10}|\d{13}|\d{15})$/;

export interface SandboxOptions {
  /** The PromptPay id the QR pays to; defaults to env PROMPTPAY_ID, else 0812345678. */
  promptPayId?: string;
}

export function sandboxGateway(options: SandboxOptions = {}): PaymentGateway {
  const promptPayId = options.promptPayId ?? (process.env.PROMPTPAY_ID || DEFAULT_PROMPTPAY_ID);
  if (!PROMPTPAY_ID.test(promptPayId)) {
    throw new Error(`PROMPTPAY_ID must be 10, 13 or 15 digits, got "${promptPayId}"`);
  }
  return {
    async createPayment(request: PaymentRequest): Promise<OpenedPayment> {
      const gateway_ref = `sandbox-${request.order_id}`;
      if (request.channel !== 'PP') return { qrcode_url: '', gateway_ref };
      return { qrcode_url: promptPayPayload(promptPayId, request.amount), gateway_ref };
    },
  };
}

/** The EMVCo PromptPay payload for an amount given as a decimal string ("63.00"). */
export function promptPayPayload(promptPayId: string, amount: string): string {
  if (!/^\d{1,9}\.\d{2}$/.test(amount) || Number(amount) <= 0) {
    throw new Error(`amount must be a positive decimal string like 63.00, got "${amount}"`);
  }
  return generatePayload(promptPayId, { amount: Number(amount) });
}
