// POST /v1/utils/conf (SPEC §7): the payment gateway the server is configured with, behind the application token.
import { confAnswerSchema, confPath } from '../../../core/contract/utils';
import { postJson } from './client';
import { APP_TOKEN } from './order-inquiry';

/** The PAYMENT_GATEWAY setting ("GBP", "OPN"); "" means not configured: the buyer must tell the administrator. */
export async function fetchPaymentGateway(signal?: AbortSignal): Promise<string> {
  const answer = await postJson(
    confPath,
    { token: APP_TOKEN, name: 'PAYMENT_GATEWAY' },
    confAnswerSchema,
    signal,
  );
  return answer.body.value.trim();
}
