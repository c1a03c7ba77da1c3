// Signed, expiring addresses for the disk object store (the S3 store uses S3's own presigning).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds. */
  expires: number;
  contentType?: string;
}

const canonical = (r: SignedRequest) => [r.method, r.key, r.expires, r.contentType ?? ''].join('\n');

export function signature(secret: string, request: SignedRequest): string {
  return createHmac('sha256', secret).update(canonical(request)).digest('base64url');
}

export function signedQuery(secret: string, request: SignedRequest): string {
  const params = new URLSearchParams({ expires: String(request.expires), sig: signature(secret, request) });
  return params.toString();
}

/** The expiry of a signed address as it was signed: whole seconds in digits only ("1234.0" or "1e3" are not it). */
export function parseExpires(text: string | undefined): number {
  return text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
}

export type Verdict = 'valid' | 'expired' | 'invalid';

export function verify(
  secret: string,
  request: SignedRequest,
  sig: string | undefined,
  nowSeconds: number,
): Verdict {
  if (!sig || !Number.isInteger(request.expires)) return 'invalid';
  const expected = Buffer.from(signature(secret, request));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return request.expires < nowSeconds ? 'expired' : 'valid';
}
