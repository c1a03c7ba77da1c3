// The order page's "pay by PromptPay instead": the same unpaid card order turned into a PromptPay one (POST
// /v3/order/promptpay-instead, our addition), whose inquiry then answers its QR.
import { orderBasePaths } from '../../../core/contract/order';
import { promptPayInsteadAnswerSchema } from '../../../core/contract/promptpay-instead';
import { ApiError, postJson } from '../../lib/api/client';
import { APP_TOKEN } from '../../lib/api/order-inquiry';

/** What asking for it came to: switched (or paid meanwhile: the page shows it), or why not. */
export type PromptPayInsteadOutcome = 'switched' | 'paid' | 'card-in-progress' | 'failed';

export async function askPromptPayInstead(orderUuid: string): Promise<PromptPayInsteadOutcome> {
  try {
    await postJson(
      `${orderBasePaths.v3}/promptpay-instead`,
      { tk: APP_TOKEN, order_uuid: orderUuid },
      promptPayInsteadAnswerSchema,
    );
    return 'switched';
  } catch (error) {
    console.warn('PromptPay instead failed', error);
    if (error instanceof ApiError && error.serverCode === 'already-paid') return 'paid';
    if (error instanceof ApiError && error.serverCode === 'payment-in-progress') return 'card-in-progress';
    return 'failed';
  }
}
