// The order page's calls of SPEC §7: the inquiry (v3, the newest page) and the card payment of a CC order.
// Both carry the fixed application token of SPEC §3, which the PWA gets from the server at run time (DESIGN §1).
import {
  type CardPaymentAnswer,
  cardPaymentAnswerSchema,
  type Inquiry,
  inquiryAnswerSchema,
  orderBasePaths,
} from '../../../core/contract/order';
import { appSettings } from '../app-settings';
import { peekCarried, postJson } from './client';
import type { CarriedAnswers } from './first-screen';

/** The server's APP_TOKEN, handed over with the app shell (the demo server's default in dev and tests). */
export const APP_TOKEN: string = appSettings.appToken;

/** How an inquiry may wait for the order to change (the server answers at once when it already has). */
export interface InquiryWait {
  /** The state_token of the last answer the page has shown. */
  known: string;
  seconds: number;
}

const inquiryPath = `${orderBasePaths.v3}/inquiry`;

const inquiryBody = (orderUuid: string) => ({ tk: APP_TOKEN, order_uuid: orderUuid });

/**
 * The inquiry's answer that came with the order's page (its first screen), the same for every render of it until
 * it is shown (dropCarriedOrderInquiry); undefined when none came.
 */
export function carriedOrderInquiry(orderUuid: string, carried: CarriedAnswers): Inquiry | undefined {
  const answer = peekCarried('POST', inquiryPath, inquiryAnswerSchema, inquiryBody(orderUuid), carried);
  if (!answer) return undefined;
  const { status: _status, ...inquiry } = answer;
  return inquiry;
}

/** The carried inquiry once shown: a later visit of the order asks the API. */
export function dropCarriedOrderInquiry(orderUuid: string, carried: CarriedAnswers): void {
  carried.take('POST', inquiryPath, inquiryBody(orderUuid));
}

/** POST /v3/order/inquiry. A refusal (unknown order, wrong token) throws ApiError of kind "status". */
export async function fetchOrderInquiry(
  orderUuid: string,
  signal?: AbortSignal,
  wait?: InquiryWait,
): Promise<Inquiry> {
  const { status: _status, ...inquiry } = await postJson(
    inquiryPath,
    { tk: APP_TOKEN, order_uuid: orderUuid, ...(wait ? { wait: wait.seconds, known: wait.known } : {}) },
    inquiryAnswerSchema,
    signal,
  );
  return inquiry;
}

export interface CardPayment {
  /** The single-use card token from the card provider's script. */
  tokenKey: string;
  orderUuid: string;
  email: string;
  mobile: string;
  /** The amount without the decimal point ("63.00" → "6300"). */
  paidAmount: string;
}

/** POST /v3/order/opn-cc-payment: answers the 3-D Secure address to send the buyer to (null: ask the admin). */
export async function payOrderByCard(payment: CardPayment): Promise<CardPaymentAnswer['data']> {
  const answer = await postJson(
    `${orderBasePaths.v3}/opn-cc-payment`,
    {
      token_key: payment.tokenKey,
      uuid: payment.orderUuid,
      email: payment.email,
      mobile: payment.mobile,
      paid_amount: payment.paidAmount,
      sk: APP_TOKEN,
    },
    cardPaymentAnswerSchema,
  );
  return answer.data;
}
