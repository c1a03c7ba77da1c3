// The card provider's pre-built form (Opn, formerly Omise: SPEC §7 "a card payment provider's browser script"),
// loaded only when a buyer presses PAY NOW. It turns the card into a single-use token; the card number never
// reaches our server. Configured with the public key (the server's OPN_PUBLIC_KEY, handed over at run time),
// currency thb, and labels with the product name and the invoice (order) number.
import { appSettings } from '../../lib/app-settings';

export const OPN_SCRIPT_URL = 'https://cdn.omise.co/omise.js';

/** The Opn public key (pkey_...); empty when card payments are not set up on this server. */
export const OPN_PUBLIC_KEY: string = appSettings.opnPublicKey;

interface OmiseCardApi {
  configure(options: Record<string, unknown>): void;
  open(options: {
    amount: number;
    currency: string;
    frameLabel: string;
    frameDescription: string;
    submitLabel: string;
    onCreateTokenSuccess: (token: string) => void;
    onFormClosed?: () => void;
  }): void;
}

declare global {
  interface Window {
    OmiseCard?: OmiseCardApi;
  }
}

let loading: Promise<OmiseCardApi> | undefined;

function loadCardScript(): Promise<OmiseCardApi> {
  if (window.OmiseCard) return Promise.resolve(window.OmiseCard);
  loading ??= new Promise<OmiseCardApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = OPN_SCRIPT_URL;
    script.async = true;
    script.onload = () =>
      window.OmiseCard ? resolve(window.OmiseCard) : reject(new Error('card script has no OmiseCard'));
    script.onerror = () => reject(new Error('card script did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined; // a later press tries again
    throw error;
  });
  return loading;
}

export interface CardFormRequest {
  /** Satang as a whole number. */
  amountSatang: number;
  productName: string;
  invoiceLabel: string;
  submitLabel: string;
}

/** Opens the card form; resolves with the token, or undefined when the buyer closes it. */
export async function askCardToken(request: CardFormRequest): Promise<string | undefined> {
  if (!OPN_PUBLIC_KEY) throw new Error('no card public key configured');
  const card = await loadCardScript();
  card.configure({ publicKey: OPN_PUBLIC_KEY });
  return new Promise((resolve) => {
    let settled = false;
    card.open({
      amount: request.amountSatang,
      currency: 'thb',
      frameLabel: request.productName,
      frameDescription: request.invoiceLabel,
      submitLabel: request.submitLabel,
      onCreateTokenSuccess: (token) => {
        settled = true;
        resolve(token);
      },
      onFormClosed: () => {
        if (!settled) resolve(undefined);
      },
    });
  });
}
