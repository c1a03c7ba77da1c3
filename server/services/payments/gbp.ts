// Owns money: the client of GB Prime Pay's QR Cash (PromptPay) API.
//   POST {GBP_API_URL}/v3/qrcode/text   form: token, referenceNo (≤ 15), amount ("126.00"), backgroundUrl, detail,
//                                        customerTelephone, customerEmail → JSON referenceNo, qrcode (the EMVCo text
//                                        the page draws), resultCode "00" on success, gbpReferenceNo
//   POST {GBP_API_URL}/v1/check_status_txn  Basic auth (secret key, empty password), JSON referenceNo → resultCode
//                                        "00" and txn { status, amount, referenceNo, gbpReferenceNo, paymentType }
// Every failure comes back typed; nothing here throws for the gateway's sake.
import * as v from 'valibot';

export interface GbpSettings {
  /** The API host (GBP_API_URL): the production or the test environment's address. */
  apiUrl: string;
  /** The merchant's customer token (GBP_TOKEN): authorises QR creation. */
  token: string;
  /** The merchant's secret key (GBP_SECRET_KEY): status checks. */
  secretKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface GbpFailure {
  kind: 'api' | 'network' | 'timeout' | 'protocol';
  code: string;
  message: string;
  httpStatus?: number;
}
export type GbpResult<T> = { ok: true; value: T } | { ok: false; failure: GbpFailure };

const qrAnswerSchema = v.object({
  resultCode: v.string(),
  referenceNo: v.optional(v.string(), ''),
  qrcode: v.optional(v.string(), ''),
  gbpReferenceNo: v.optional(v.string(), ''),
  resultMessage: v.optional(v.string(), ''),
});

const amountSchema = v.pipe(
  v.union([v.number(), v.string()]),
  v.transform((a) => Number(a)),
  v.number(),
);

/** A transaction as the status check answers it. */
export const gbpTransactionSchema = v.object({
  status: v.string(),
  amount: amountSchema,
  referenceNo: v.string(),
  gbpReferenceNo: v.optional(v.string(), ''),
  paymentType: v.optional(v.string(), ''),
});
export type GbpTransaction = v.InferOutput<typeof gbpTransactionSchema>;

/** The status check answers one transaction (txn), or, for a reference tried more than once, a list (txns). */
const statusAnswerSchema = v.object({
  resultCode: v.string(),
  resultMessage: v.optional(v.string(), ''),
  txn: v.optional(v.nullable(gbpTransactionSchema), null),
  txns: v.optional(v.nullable(v.array(gbpTransactionSchema)), null),
});

/** Transaction statuses of the status check: S settled, A authorised (paid, not yet settled). */
export const GBP_PAID_STATUSES = new Set(['S', 'A']);
/** D declined, V voided, R refunded... and anything else is not money received. */
export const GBP_SUCCESS = '00';

export interface NewGbpQr {
  referenceNo: string;
  amount: string;
  backgroundUrl: string;
  detail: string;
  customerTelephone?: string;
  customerEmail?: string;
}

export interface GbpClient {
  createQr(request: NewGbpQr): Promise<GbpResult<{ qrcode: string; gbpReferenceNo: string }>>;
  /** undefined: the gateway knows no transaction under this reference (yet). */
  checkStatus(referenceNo: string): Promise<GbpResult<GbpTransaction | undefined>>;
}

const REFERENCE = /^[A-Za-z0-9]{1,15}$/;

export function gbpClient(settings: GbpSettings): GbpClient {
  const base = settings.apiUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(base))
    throw new Error(`GBP_API_URL must be an http(s) address, got "${base}"`);
  if (!settings.token) throw new Error('GBP_TOKEN is required');
  if (!settings.secretKey) throw new Error('GBP_SECRET_KEY is required');
  const doFetch = settings.fetch ?? fetch;
  const timeoutMs = settings.timeoutMs ?? 20_000;

  async function call<T>(
    path: string,
    init: RequestInit,
    schema: v.GenericSchema<unknown, T>,
  ): Promise<GbpResult<T>> {
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      text = await res.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      return {
        ok: false,
        failure: {
          kind: timedOut ? 'timeout' : 'network',
          code: timedOut ? 'timeout' : 'network_error',
          message: timedOut
            ? `GB Prime Pay did not answer within ${timeoutMs} ms`
            : `GB Prime Pay could not be reached: ${error instanceof Error ? error.message : String(error)}`,
        },
      };
    }
    if (!res.ok) {
      return {
        ok: false,
        failure: {
          kind: 'api',
          httpStatus: res.status,
          code: `http_${res.status}`,
          message: `GB Prime Pay answered HTTP ${res.status}`,
        },
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = v.safeParse(schema, json);
    if (!parsed.success) {
      return {
        ok: false,
        failure: {
          kind: 'protocol',
          httpStatus: res.status,
          code: 'unexpected_answer',
          message: 'GB Prime Pay answered something unexpected',
        },
      };
    }
    return { ok: true, value: parsed.output };
  }

  return {
    async createQr(request) {
      if (!REFERENCE.test(request.referenceNo)) {
        return {
          ok: false,
          failure: {
            kind: 'api',
            code: 'invalid_reference',
            message: 'referenceNo must be 1-15 letters or digits',
          },
        };
      }
      const form = new URLSearchParams({
        token: settings.token,
        referenceNo: request.referenceNo,
        amount: request.amount,
        backgroundUrl: request.backgroundUrl,
        detail: request.detail,
        ...(request.customerTelephone ? { customerTelephone: request.customerTelephone } : {}),
        ...(request.customerEmail ? { customerEmail: request.customerEmail } : {}),
      });
      const answer = await call(
        '/v3/qrcode/text',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        },
        qrAnswerSchema,
      );
      if (!answer.ok) return answer;
      if (answer.value.resultCode !== GBP_SUCCESS || !answer.value.qrcode) {
        return {
          ok: false,
          failure: {
            kind: 'api',
            code: `result_${answer.value.resultCode}`,
            message:
              answer.value.resultMessage ||
              `GB Prime Pay refused the QR (resultCode ${answer.value.resultCode})`,
          },
        };
      }
      return {
        ok: true,
        value: { qrcode: answer.value.qrcode, gbpReferenceNo: answer.value.gbpReferenceNo },
      };
    },
    async checkStatus(referenceNo) {
      if (!REFERENCE.test(referenceNo)) return { ok: true, value: undefined };
      const answer = await call(
        '/v1/check_status_txn',
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ referenceNo }),
        },
        statusAnswerSchema,
      );
      if (!answer.ok) return answer;
      if (answer.value.resultCode !== GBP_SUCCESS) return { ok: true, value: undefined };
      const tries = answer.value.txns ?? [];
      // Of several tries, a paid one counts; else the newest.
      const txn = answer.value.txn ?? tries.find((t) => GBP_PAID_STATUSES.has(t.status)) ?? tries.at(-1);
      return { ok: true, value: txn };
    },
  };
}
