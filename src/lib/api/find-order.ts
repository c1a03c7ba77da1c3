// POST /v1/order/find-order (SPEC §7): the orders of a mobile number, or of a transfer slip's last 4 characters,
// behind the fixed application token of SPEC §3 (handed to the PWA at run time).
import { type FoundOrder, findOrderAnswerSchema, orderBasePaths } from '../../../core/contract/order';
import type { FindOrderFilter } from '../../../core/rules';
import { postJson } from './client';
import { APP_TOKEN } from './order-inquiry';

/** `mobile`: with a slip's last 4 characters, the order's mobile number (the store asks for both). */
export async function findOrders(
  filter: FindOrderFilter,
  text: string,
  mobile: string | undefined,
  signal?: AbortSignal,
): Promise<FoundOrder[]> {
  const answer = await postJson(
    `${orderBasePaths.v1}/find-order`,
    { tk: APP_TOKEN, filter_type: filter, txt_search: text, ...(filter === 'payment_ref' ? { mobile } : {}) },
    findOrderAnswerSchema,
    signal,
  );
  return answer.body;
}
