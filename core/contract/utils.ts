// POST /v1/utils/conf: public configuration values the client needs (SPEC §7).
import * as v from 'valibot';
import { successAnswerSchema } from './common';

export const confPath = '/v1/utils/conf';

export const confRequestSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1, 'is required')),
  name: v.picklist(['PAYMENT_GATEWAY'], 'is not a public setting'),
});
export const confAnswerSchema = successAnswerSchema(v.object({ value: v.string() }));
