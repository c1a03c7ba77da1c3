// A refused request as services return it: the HTTP status and the answer body (SPEC §8 words where a runner
// can meet it, in English with the Thai beside it).
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorAnswer } from '../../core/contract/common';

export interface Refusal {
  refusal: true;
  httpStatus: ContentfulStatusCode;
  body: ErrorAnswer;
}

export function refuse(
  httpStatus: ContentfulStatusCode,
  message: string,
  extra: { field?: string; code?: string; th?: string } = {},
): Refusal {
  return {
    refusal: true,
    httpStatus,
    body: {
      status: 'error',
      message,
      ...(extra.th ? { message_th: extra.th } : {}),
      ...(extra.code ? { code: extra.code } : {}),
      ...(extra.field ? { field: extra.field } : {}),
    },
  };
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && (value as Refusal).refusal === true;
