// The sandbox gateway's card vault (demo stores only, PAYMENT_GATEWAY=sandbox): a card becomes a single-use token,
// as a real provider's browser script does; and the address of the sandbox's PromptPay payment page.
import * as v from 'valibot';
import { API_BASE, ApiError } from './client';

export interface SandboxCard {
  name: string;
  number: string;
  expiration_month: string;
  expiration_year: string;
  security_code: string;
}

const tokenSchema = v.object({ object: v.literal('token'), id: v.string() });
const errorSchema = v.object({ field: v.string(), message: v.string() });

/** The card fields the sandbox refused, by field, or the token. */
export type SandboxTokenResult = { ok: true; token: string } | { ok: false; field: string };

export async function createSandboxToken(card: SandboxCard): Promise<SandboxTokenResult> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(card),
    });
  } catch (error) {
    throw new ApiError(`sandbox tokens: ${(error as Error).message}`, 'network');
  }
  const json: unknown = await res.json().catch(() => undefined);
  if (res.ok) {
    const token = v.safeParse(tokenSchema, json);
    if (token.success) return { ok: true, token: token.output.id };
  }
  const refused = v.safeParse(errorSchema, json);
  if (res.status === 400 && refused.success) return { ok: false, field: refused.output.field };
  throw new ApiError(`sandbox tokens: HTTP ${res.status}`, 'status', res.status);
}

/** The sandbox's PromptPay payment page of an order. */
export const sandboxPaymentPageUrl = (orderUuid: string) => `${API_BASE}/sandbox/pay/${orderUuid}`;
