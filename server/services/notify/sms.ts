// Delivery notices by SMS through an HTTP SMS provider: ThaiBulkSMS's REST API v2 (POST {SMS_API_URL}/sms, Basic
// auth with the API key and secret, form fields msisdn, message, sender; 201 with the accepted and the refused
// numbers, or an error object). Thai mobile numbers go as the provider expects them (0812345678 or 66812345678).
import * as v from 'valibot';

export interface SmsMessage {
  /** A Thai mobile number as the buyer typed it (digits). */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

export interface SmsSettings {
  /** The provider's API address (SMS_API_URL), e.g. the ThaiBulkSMS v2 host. */
  apiUrl: string;
  apiKey: string;
  apiSecret: string;
  /** The sender name registered with the provider (SMS_SENDER). */
  sender: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const acceptedSchema = v.object({
  phone_number_list: v.array(v.object({ number: v.string(), message_id: v.string() })),
  bad_phone_number_list: v.optional(
    v.array(v.object({ number: v.string(), message: v.optional(v.string()) })),
    [],
  ),
});
const errorSchema = v.object({
  error: v.object({
    code: v.union([v.number(), v.string()]),
    name: v.optional(v.string()),
    description: v.optional(v.string()),
  }),
});

export function thaiBulkSmsSender(settings: SmsSettings): SmsSender {
  const base = settings.apiUrl.replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/.test(base))
    throw new Error(`SMS_API_URL must be an http(s) address, got "${base}"`);
  const authorization = `Basic ${Buffer.from(`${settings.apiKey}:${settings.apiSecret}`).toString('base64')}`;
  const doFetch = settings.fetch ?? fetch;
  const timeoutMs = settings.timeoutMs ?? 20_000;
  return {
    async send({ to, text }) {
      const msisdn = to.replace(/\D/g, '');
      if (!/^(0\d{8,9}|66\d{8,9})$/.test(msisdn)) throw new Error(`${to} is not a Thai mobile number`);
      const res = await doFetch(`${base}/sms`, {
        method: 'POST',
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ msisdn, message: text, sender: settings.sender }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok) {
        const error = v.safeParse(errorSchema, body);
        const detail = error.success
          ? `${error.output.error.code} ${error.output.error.description ?? error.output.error.name ?? ''}`.trim()
          : `HTTP ${res.status}`;
        throw new Error(`the SMS provider refused the message: ${detail}`);
      }
      const accepted = v.safeParse(acceptedSchema, body);
      if (!accepted.success) throw new Error('the SMS provider answered something unexpected');
      const first = accepted.output.phone_number_list[0];
      if (!first) {
        const bad = accepted.output.bad_phone_number_list[0];
        throw new Error(`the SMS provider refused ${bad?.number ?? msisdn}: ${bad?.message ?? 'bad number'}`);
      }
      return { messageId: first.message_id };
    },
  };
}
