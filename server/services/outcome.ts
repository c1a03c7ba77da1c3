// What a service answers: the value, or a refused request with its HTTP status and answer body (SPEC §8 words where
// a runner can meet it, in English with the Thai beside it). Routes turn either into a response with `respond`.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorAnswer, ErrorCode } from '../../core/contract/common';

export interface Refusal {
  ok: false;
  httpStatus: ContentfulStatusCode;
  body: ErrorAnswer;
}
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const accept = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export function refuse(
  httpStatus: ContentfulStatusCode,
  message: string,
  extra: { field?: string; code?: ErrorCode; th?: string; retryAfter?: number } = {},
): Refusal {
  return {
    ok: false,
    httpStatus,
    body: {
      status: 'error',
      message,
      ...(extra.th ? { message_th: extra.th } : {}),
      ...(extra.code ? { code: extra.code } : {}),
      ...(extra.field ? { field: extra.field } : {}),
      ...(extra.retryAfter ? { retry_after: extra.retryAfter } : {}),
    },
  };
}

/** The response of an outcome: the refusal's body and status, or 200 with `answer(value)` (by default the value). */
export function respond<T extends object>(c: Context, outcome: Outcome<T>): Response;
export function respond<T>(c: Context, outcome: Outcome<T>, answer: (value: T) => object): Response;
export function respond<T>(
  c: Context,
  outcome: Outcome<T>,
  answer = (value: T) => value as object,
): Response {
  if (outcome.ok) return c.json(answer(outcome.value));
  // A refusal that says when to come back says it in the standard header too.
  if (outcome.body.retry_after) c.header('Retry-After', String(outcome.body.retry_after));
  return c.json(outcome.body, outcome.httpStatus);
}
