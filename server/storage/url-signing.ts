// Signed, expiring addresses for the disk object store (the S3 store uses S3's own presigning). An upload's address
// may also bind the body's exact length and a grant (who it was given to, checked again by the store as the PUT
// arrives): both are in the address and under its signature, so neither can be changed or left out.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  /** Unix seconds. */
  expires: number;
  contentType?: string;
  /** The body's length in bytes, when the address binds it. */
  size?: number;
  /** Who the address was given to (e.g. a photographer's link), when the address binds it. */
  grant?: string;
}

const canonical = (r: SignedRequest) =>
  [r.method, r.key, r.expires, r.contentType ?? '', r.size ?? '', r.grant ?? ''].join('\n');

export function signature(secret: string, request: SignedRequest): string {
  return createHmac('sha256', secret).update(canonical(request)).digest('base64url');
}

export function signedQuery(secret: string, request: SignedRequest): string {
  const params = new URLSearchParams({ expires: String(request.expires) });
  if (request.size !== undefined) params.set('size', String(request.size));
  if (request.grant !== undefined) params.set('grant', request.grant);
  params.set('sig', signature(secret, request));
  return params.toString();
}

/** The expiry of a signed address as it was signed: whole seconds in digits only ("1234.0" or "1e3" are not it). */
export function parseExpires(text: string | undefined): number {
  return text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * The size an address binds: absent when it binds none, a whole number of bytes in digits only as signed, else NaN
 * (which no signature matches).
 */
export function parseSize(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return /^\d{1,12}$/.test(text) ? Number(text) : Number.NaN;
}

/** A grant as signed: letters, digits, '-', '_' and ':' only (so it cannot reach into the canonical form's lines). */
export const isGrant = (text: string): boolean => /^[A-Za-z0-9:_-]{1,100}$/.test(text);

export type Verdict = 'valid' | 'expired' | 'invalid';

export function verify(
  secret: string,
  request: SignedRequest,
  sig: string | undefined,
  nowSeconds: number,
): Verdict {
  if (!sig || !Number.isInteger(request.expires)) return 'invalid';
  if (request.size !== undefined && !Number.isInteger(request.size)) return 'invalid';
  if (request.grant !== undefined && !isGrant(request.grant)) return 'invalid';
  const expected = Buffer.from(signature(secret, request));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return request.expires < nowSeconds ? 'expired' : 'valid';
}
