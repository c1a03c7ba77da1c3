// Owns money (demo and tests): the sandbox's card vault. The sandbox card form sends the card here and gets a
// single-use token, as a real provider's browser script does; the card itself is never kept (only its last 4
// digits and what the sandbox will do with it). Test cards: 4242 4242 4242 4242 asks for 3-D Secure, 4111 1111
// 1111 1111 is paid at once, 4000 0000 0000 0002 is declined; any other valid number asks for 3-D Secure.
import * as v from 'valibot';
import type { Db } from '../../db/database';
import { insertSandboxToken } from '../../db/sandbox-repo';
import { newSandboxTokenId, SANDBOX_TEST_CARDS } from './sandbox';

export const sandboxCardSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'the name on the card is required'), v.maxLength(100)),
  number: v.pipe(
    v.string(),
    v.transform((s) => s.replace(/[\s-]/g, '')),
    v.regex(/^\d{13,19}$/, 'the card number is not valid'),
  ),
  expiration_month: v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(Number),
    v.integer('the expiry month is not valid'),
    v.minValue(1, 'the expiry month is not valid'),
    v.maxValue(12, 'the expiry month is not valid'),
  ),
  expiration_year: v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(Number),
    v.integer('the expiry year is not valid'),
    v.minValue(2000, 'the expiry year is not valid'),
    v.maxValue(2100, 'the expiry year is not valid'),
  ),
  security_code: v.pipe(v.string(), v.regex(/^\d{3,4}$/, 'the security code is not valid')),
});
export type SandboxCardInput = v.InferInput<typeof sandboxCardSchema>;

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export type TokenResult =
  | { ok: true; token: { object: 'token'; id: string; card: { last_digits: string } } }
  | { ok: false; field: string; message: string };

export async function createSandboxToken(db: Db, input: unknown, now: Date): Promise<TokenResult> {
  const parsed = v.safeParse(sandboxCardSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const field = issue?.path?.map((p) => String(p.key)).join('.') || 'card';
    return { ok: false, field, message: issue?.message ?? 'the card is not valid' };
  }
  const card = parsed.output;
  if (!luhnValid(card.number)) return { ok: false, field: 'number', message: 'the card number is not valid' };
  const monthEnd = Date.UTC(card.expiration_year, card.expiration_month, 1);
  if (monthEnd <= now.getTime())
    return { ok: false, field: 'expiration_year', message: 'the card has expired' };
  const outcome = SANDBOX_TEST_CARDS[card.number as keyof typeof SANDBOX_TEST_CARDS] ?? '3ds';
  const id = newSandboxTokenId();
  const lastDigits = card.number.slice(-4);
  await insertSandboxToken(db, { id, outcome, last_digits: lastDigits });
  return { ok: true, token: { object: 'token', id, card: { last_digits: lastDigits } } };
}
