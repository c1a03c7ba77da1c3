// The store's VAPID keys (RFC 8292), with which it signs every push message: from VAPID_PUBLIC_KEY and
// VAPID_PRIVATE_KEY when an operator sets them, else made once and kept in the store's database (store_marks), so
// that every process of the store (API processes, workers, the admin command line) signs with the same keys and a
// runner's subscription, bound to the public key, keeps working across restarts.
import { createECDH } from 'node:crypto';
import type { Db } from '../../db/database';
import { claimMark } from '../../db/store-marks-repo';

export interface PushKeys {
  /** The uncompressed P-256 public key, base64url (the browser's applicationServerKey). */
  publicKey: string;
  /** The private key's 32 bytes, base64url. */
  privateKey: string;
  /** Who the push service may contact about our messages: a mailto: or https: address. */
  subject: string;
}

const MARK = 'vapid-keys';

/** A new P-256 key pair, base64url, as browsers and web-push take them. */
export function newPushKeyPair(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The private key is 32 bytes: one with leading zero bytes comes shorter from getPrivateKey (1 in 256).
  const privateKey = Buffer.alloc(32);
  const raw = ecdh.getPrivateKey();
  raw.copy(privateKey, 32 - raw.length);
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

export interface PushKeySettings {
  publicKey?: string | undefined;
  privateKey?: string | undefined;
  subject: string;
}

/** The keys: the operator's, or the store's own (made by whichever process asks first). */
export async function pushKeys(db: Db, settings: PushKeySettings): Promise<PushKeys> {
  if (settings.publicKey && settings.privateKey) {
    return { publicKey: settings.publicKey, privateKey: settings.privateKey, subject: settings.subject };
  }
  const kept = JSON.parse(await claimMark(db, MARK, JSON.stringify(newPushKeyPair()))) as {
    publicKey: string;
    privateKey: string;
  };
  return { ...kept, subject: settings.subject };
}

/** The keys read (or made) once per process, on first use; a failed read is tried again next time. */
export function pushKeysOnce(db: Db, settings: PushKeySettings): () => Promise<PushKeys> {
  let keys: Promise<PushKeys> | undefined;
  return () => {
    keys ??= pushKeys(db, settings).catch((error) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };
}

/** The subject a push service is given when VAPID_SUBJECT is not set: the store's https address, else a mailbox. */
export function defaultPushSubject(
  publicBaseUrl: string | undefined,
  supportEmail: string | undefined,
): string {
  if (publicBaseUrl?.startsWith('https://')) return publicBaseUrl;
  return `mailto:${supportEmail ?? 'no-reply@runfoto.local'}`;
}
