// Owns money: the client of Opn Payments' (formerly Omise) Charges API. POST /charges opens a charge, either for a
// single-use card token from the provider's browser script or for a PromptPay source (source[type]=promptpay, whose
// QR image address comes back in source.scannable_code.image.download_uri); GET /charges/{id} reads one back
// (after 3-D Secure, and to verify a webhook). Every failure (HTTP error object, network, timeout, unreadable
// answer) comes back as a typed OpnFailure; nothing here throws for the gateway's sake.
import * as v from 'valibot';
import {
  type CardCharge,
  type CardFailure,
  type CardResult,
  cardChargeSchema,
  cardFailed,
  type NewCardCharge,
} from './card-charge';

/** Opn Payments Charges API: the error object of a 4xx/5xx answer. */
const errorSchema = v.object({ object: v.literal('error'), code: v.string(), message: v.string() });

/** A charge as Opn answers it: the card fields, and for PromptPay its source with the QR image. */
const opnChargeSchema = v.object({
  ...cardChargeSchema.entries,
  source: v.optional(
    v.nullable(
      v.object({
        type: v.string(),
        scannable_code: v.optional(
          v.nullable(v.object({ image: v.object({ download_uri: v.pipe(v.string(), v.url()) }) })),
          null,
        ),
      }),
    ),
    null,
  ),
  expires_at: v.optional(v.nullable(v.string()), null),
});
export type OpnCharge = v.InferOutput<typeof opnChargeSchema> & CardCharge;
export type OpnFailure = CardFailure;
export type OpnResult<T> = CardResult<T>;

/** Opn's refund object (POST /charges/{id}/refunds), the fields we read. */
const opnRefundSchema = v.object({ object: v.literal('refund'), id: v.string(), amount: v.number() });
export type OpnRefund = v.InferOutput<typeof opnRefundSchema>;
export type NewCharge = NewCardCharge;

export interface NewPromptPayCharge {
  amountSatang: number;
  description: string;
  metadata: Record<string, string>;
}

export interface OpnClient {
  createCharge(charge: NewCharge): Promise<OpnResult<OpnCharge>>;
  createPromptPayCharge(charge: NewPromptPayCharge): Promise<OpnResult<OpnCharge>>;
  getCharge(id: string): Promise<OpnResult<OpnCharge>>;
  /** Refunds `amountSatang` of a charge (Opn: POST /charges/{id}/refunds). */
  refundCharge(id: string, amountSatang: number): Promise<OpnResult<{ id: string }>>;
}

export interface OpnClientOptions {
  /** The Opn API address (env OPN_API_URL), without a trailing path. */
  apiUrl: string;
  /** The secret key (env OPN_SECRET_KEY); sent as the Basic auth user with an empty password. */
  secretKey: string;
  /** Per request; default 20 s. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const OPN_TIMEOUT_MS = 20_000;
const CHARGE_ID = /^chrg_[A-Za-z0-9_]{1,100}$/;

export function opnClient(options: OpnClientOptions): OpnClient {
  const base = options.apiUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(base))
    throw new Error(`OPN_API_URL must be an http(s) address, got "${base}"`);
  if (!options.secretKey) throw new Error('OPN_SECRET_KEY is required');
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? OPN_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;

  async function call(path: string, init: RequestInit): Promise<OpnResult<OpnCharge>> {
    return callFor(path, init, opnChargeSchema, 'a charge') as Promise<OpnResult<OpnCharge>>;
  }

  async function callFor<S extends v.GenericSchema>(
    path: string,
    init: RequestInit,
    schema: S,
    what: string,
  ): Promise<OpnResult<v.InferOutput<S>>> {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, {
        ...init,
        headers: { ...init.headers, authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await res.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return failed({
        kind: timedOut ? 'timeout' : 'network',
        code: timedOut ? 'timeout' : 'network_error',
        message: timedOut
          ? `the card gateway did not answer within ${timeoutMs} ms`
          : `the card gateway could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
    const body = parseJson(text);
    if (!res.ok) {
      const error = v.safeParse(errorSchema, body);
      return failed({
        kind: 'api',
        httpStatus: res.status,
        code: error.success ? error.output.code : `http_${res.status}`,
        message: error.success ? error.output.message : `the card gateway answered HTTP ${res.status}`,
      });
    }
    const answer = v.safeParse(schema, body);
    if (!answer.success) {
      return failed({
        kind: 'protocol',
        httpStatus: res.status,
        code: 'unexpected_answer',
        message: `the card gateway answered something that is not ${what}`,
      });
    }
    return { ok: true, value: answer.output };
  }

  /** POST /charges, form-encoded as Opn takes it, with the metadata as metadata[key] fields. */
  function postCharge(
    amountSatang: number,
    fields: Record<string, string>,
    metadata: Record<string, string>,
  ): Promise<OpnResult<OpnCharge>> {
    if (!Number.isSafeInteger(amountSatang) || amountSatang <= 0) {
      return Promise.resolve(
        failed({ kind: 'api', code: 'invalid_amount', message: 'amount must be a positive integer' }),
      );
    }
    const form = new URLSearchParams({ amount: String(amountSatang), ...fields });
    for (const [key, value] of Object.entries(metadata)) form.append(`metadata[${key}]`, value);
    return call('/charges', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
  }

  return {
    createCharge: (charge) =>
      postCharge(
        charge.amountSatang,
        {
          currency: charge.currency,
          card: charge.card,
          return_uri: charge.returnUri,
          description: charge.description,
        },
        charge.metadata,
      ),
    createPromptPayCharge: (charge) =>
      postCharge(
        charge.amountSatang,
        { currency: 'thb', 'source[type]': 'promptpay', description: charge.description },
        charge.metadata,
      ),
    getCharge(id) {
      if (!CHARGE_ID.test(id)) {
        return Promise.resolve(
          failed({ kind: 'api', code: 'not_found', message: `charge ${id} was not found` }),
        );
      }
      return call(`/charges/${id}`, { method: 'GET' });
    },
    refundCharge(id, amountSatang) {
      if (!CHARGE_ID.test(id) || !Number.isSafeInteger(amountSatang) || amountSatang <= 0) {
        return Promise.resolve(
          failed({
            kind: 'api',
            code: 'invalid_refund',
            message: `charge ${id} cannot be refunded ${amountSatang}`,
          }),
        );
      }
      return callFor(
        `/charges/${id}/refunds`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ amount: String(amountSatang) }).toString(),
        },
        opnRefundSchema,
        'a refund',
      );
    },
  };
}

/** The client PAYMENT_GATEWAY=opn needs, from OPN_API_URL and OPN_SECRET_KEY (both required). */
const failed = cardFailed;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
