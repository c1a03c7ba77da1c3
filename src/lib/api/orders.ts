// POST /v1/order/create and /v3/order/create (SPEC §7). Each submit attempt carries its own Idempotency-Key, so a
// retried request after a lost answer gets the same order instead of a second one.
import { type OrderRequest, orderBasePaths, orderCreateAnswerSchema } from '../../../core/contract/order';
import { postJson } from './client';

export type OrderApiVersion = 'v1' | 'v3';

export async function createOrder(
  version: OrderApiVersion,
  request: OrderRequest,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<{ uuid: string }> {
  const answer = await postJson(
    `${orderBasePaths[version]}/create`,
    request,
    orderCreateAnswerSchema,
    signal,
    { 'Idempotency-Key': idempotencyKey },
  );
  return { uuid: answer.uuid };
}
