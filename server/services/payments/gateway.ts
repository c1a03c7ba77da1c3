// Owns money: the seam between an order and whoever collects its payment (sandbox now; GB Prime Pay and Opn later).

/** What a gateway needs to open a payment for a new order. */
export interface PaymentRequest {
  order_id: string;
  /** The final payment as a decimal string ("63.00"); never 0.00 (free orders open no payment). */
  amount: string;
  /** PP (PromptPay QR) or CC (card); AM and FREE orders open no payment. */
  channel: 'PP' | 'CC';
}

export interface OpenedPayment {
  /**
   * SPEC §4: for GBP the text the client draws as a QR code (error correction Q), for OPN an image address;
   * empty when the channel shows no QR (CC).
   */
  qrcode_url: string;
  /** The gateway's own reference for this payment, kept in the payments table. */
  gateway_ref: string;
}

export interface PaymentGateway {
  createPayment(request: PaymentRequest): Promise<OpenedPayment>;
}
