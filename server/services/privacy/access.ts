// A person's access to what is held under their phone or e-mail, after a one-time code (DESIGN §6). The store keeps
// a destination only as a keyed hash (the same for every purpose, so an export and a face removal of one phone meet);
// the access handed out after the code carries the contact itself encrypted and authenticated (AES-256-GCM under a
// key derived from the store's secret, its purpose and expiry bound as additional data), so nothing keeps it in
// clear and nobody can forge or widen one. It lives ACCESS_MINUTES.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import {
  type PrivacyDestination,
  privacyAccessSchema,
  privacyCodePurposes,
} from '../../../core/contract/privacy';
import type { AppContext } from '../../context';
import type { PrivacyCodePurpose } from '../../db/schema';
import { accept, type Outcome, refuse } from '../outcome';

export const ACCESS_MINUTES = 30;

type Secret = Pick<AppContext, 'photoPassSecret'>;

/** A destination as the store works with it: its kind and its normalised value (digits; trimmed lower case). */
export interface Contact {
  kind: 'mobile' | 'email';
  value: string;
}

/** The contact of a destination the contract parsed (already normalised); undefined when it is empty. */
export function contactOf(destination: PrivacyDestination): Contact | undefined {
  const contact: Contact =
    'mobile' in destination
      ? { kind: 'mobile', value: destination.mobile }
      : { kind: 'email', value: destination.email };
  return contact.value === '' ? undefined : contact;
}

/** A destination as every store of personal data keys it: a keyed hash of the normalised phone or e-mail. */
export const destinationKey = (ctx: Secret, value: string): string =>
  createHmac('sha256', ctx.photoPassSecret).update(`privacy-destination:${value}`).digest('hex');

/** A mobile number shown without being given away: its first and last two digits ("08******78"). */
export function maskMobileContact(mobile: string): string {
  if (mobile === '') return '';
  if (mobile.length <= 4) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}

/** An e-mail address shown without being given away: the name's first letter and the domain ("s****@example.com"). */
export function maskEmailContact(email: string): string {
  const at = email.lastIndexOf('@');
  if (email === '') return '';
  if (at <= 0) return '****';
  return `${email.slice(0, 1)}****${email.slice(at)}`;
}

export const maskContact = (contact: Contact): string =>
  contact.kind === 'mobile' ? maskMobileContact(contact.value) : maskEmailContact(contact.value);

/** A verified destination: its keyed hash, the contact itself and its masked form. */
export interface VerifiedDestination {
  key: string;
  contact: Contact;
  masked: string;
  purpose: PrivacyCodePurpose;
}

const encryptionKey = (ctx: Secret) =>
  createHmac('sha256', ctx.photoPassSecret).update('privacy-access-encryption').digest();

const b64 = (bytes: Buffer) => bytes.toString('base64url');
const purposeCode = (purpose: PrivacyCodePurpose) => String(privacyCodePurposes.indexOf(purpose));

/** The access to `contact` for `purpose`, good for ACCESS_MINUTES from `now`. */
export function issueAccess(ctx: Secret, contact: Contact, purpose: PrivacyCodePurpose, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + ACCESS_MINUTES * 60;
  const head = `${purposeCode(purpose)}.${expires.toString(36)}`;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey(ctx), iv);
  cipher.setAAD(Buffer.from(head));
  const sealed = Buffer.concat([
    cipher.update(`${contact.kind === 'mobile' ? 'm' : 'e'}${contact.value}`, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return `${head}.${b64(iv)}.${b64(sealed)}`;
}

export const accessRefused = () =>
  refuse(401, 'this access has expired: ask for a new code', {
    field: 'access',
    code: 'access-expired',
    th: 'สิทธิ์เข้าถึงหมดอายุแล้ว กรุณาขอรหัสใหม่',
  });

/**
 * The destination an access opens for `purpose`; refused (401 access-expired) when it is not the store's, was made
 * for another purpose, or has expired. The integrator's removal flow reads its accesses here too.
 */
export function readAccess(
  ctx: Pick<AppContext, 'photoPassSecret' | 'now'>,
  token: string,
  purpose: PrivacyCodePurpose,
): Outcome<VerifiedDestination> {
  if (!v.is(privacyAccessSchema, token)) return accessRefused();
  const parts = token.split('.');
  if (parts.length !== 4) return accessRefused();
  const [code, expiresText, ivText, sealedText] = parts as [string, string, string, string];
  const head = `${code}.${expiresText}`;
  const iv = Buffer.from(ivText, 'base64url');
  const sealed = Buffer.from(sealedText, 'base64url');
  if (iv.length !== 12 || sealed.length < 17) return accessRefused();
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', encryptionKey(ctx), iv);
    decipher.setAAD(Buffer.from(head));
    // GCM's tag is checked in constant time by OpenSSL: a changed byte anywhere (head included) fails here.
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    plain = Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return accessRefused();
  }
  if (code !== purposeCode(purpose)) return accessRefused();
  const expires = Number.parseInt(expiresText, 36);
  if (!Number.isFinite(expires) || expires * 1000 <= ctx.now().getTime()) return accessRefused();
  const contact: Contact = { kind: plain.startsWith('m') ? 'mobile' : 'email', value: plain.slice(1) };
  if (contact.value === '') return accessRefused();
  return accept({ key: destinationKey(ctx, contact.value), contact, masked: maskContact(contact), purpose });
}
