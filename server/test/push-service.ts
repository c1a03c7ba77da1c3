// A local push service for tests, as a browser vendor's runs it: it takes a push message only when the
// request carries a valid VAPID signature (RFC 8292: an ES256 JWT for the endpoint's origin, not expired, with a
// contact subject, signed by the key in `k`), and it decrypts the payload (RFC 8291, aes128gcm of RFC 8188) with
// the subscriber's keys it made, as the browser would. Endpoints can be made "gone" (410). Tests only.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushedMessage {
  subscription: string;
  /** The decrypted payload. */
  payload: string;
  ttl: number;
  urgency: string | undefined;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
  /** The application server's public key the message was signed with (base64url). */
  serverKey: string;
}

interface Subscriber {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  gone: boolean;
}

export interface LocalPushService {
  url: string;
  /** A new subscription, as a browser's PushSubscription.toJSON(). */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The endpoint answers 410 Gone from now on (the runner uninstalled the app). */
  expire(endpoint: string): void;
  messages: PushedMessage[];
  /** Requests refused, with why (a bad signature, a payload that does not decrypt). */
  refused: string[];
  close(): Promise<void>;
}

const b64 = (text: string) => Buffer.from(text, 'base64url');

/** The JWT of `Authorization: vapid t=…, k=…`, checked as RFC 8292 says; answers its claims or why it is refused. */
function checkVapid(
  header: string | undefined,
  origin: string,
  now: number,
): { claims: PushedMessage['claims']; key: string } | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [token, key] = [match[1] as string, match[2] as string];
  const [head, body, signature] = token.split('.');
  if (!head || !body || !signature) return 'not a JWT';
  const alg = JSON.parse(b64(head).toString()) as { alg?: string };
  if (alg.alg !== 'ES256') return 'not ES256';
  const raw = b64(key);
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    b64(signature),
  );
  if (!signed) return 'bad signature';
  const claims = JSON.parse(b64(body).toString()) as PushedMessage['claims'];
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  if (!(claims.exp > now / 1000) || claims.exp > now / 1000 + 24 * 3600) return 'exp not within 24 hours';
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return 'sub is not mailto: or https:';
  return { claims, key };
}

/** RFC 8291 + RFC 8188: one record, the sender's key in the header's keyid. */
function decrypt(body: Buffer, subscriber: Subscriber): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] as number;
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = subscriber.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), subscriber.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, subscriber.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record's padding: a 2 delimiter, then zeros.
  const end = plain.lastIndexOf(2);
  if (end < 0) throw new Error('no padding delimiter');
  return plain.subarray(0, end).toString('utf8');
}

export async function startPushService(): Promise<LocalPushService> {
  const subscribers = new Map<string, Subscriber>();
  const messages: PushedMessage[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const subscriber = id ? subscribers.get(id) : undefined;
      const answer = (status: number, why?: string) => {
        if (why) refused.push(why);
        res.writeHead(status).end(why ?? '');
      };
      if (req.method !== 'POST' || !subscriber || !id) return answer(404, `no subscription at ${req.url}`);
      if (subscriber.gone) return answer(410);
      const origin = `http://${req.headers.host}`;
      const vapid = checkVapid(req.headers.authorization, origin, Date.now());
      if (typeof vapid === 'string') return answer(403, vapid);
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(400, 'not aes128gcm');
      const ttl = Number(req.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'no TTL');
      let payload: string;
      try {
        payload = decrypt(Buffer.concat(chunks), subscriber);
      } catch (error) {
        return answer(400, `does not decrypt: ${(error as Error).message}`);
      }
      const urgency = req.headers.urgency;
      messages.push({
        subscription: id,
        payload,
        ttl,
        urgency: typeof urgency === 'string' ? urgency : undefined,
        claims: vapid.claims,
        serverKey: vapid.key,
      });
      res.writeHead(201, { location: `/message/${randomUUID()}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    messages,
    refused,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const id = randomUUID();
      const auth = randomBytes(16);
      subscribers.set(id, { ecdh, auth, gone: false });
      return {
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    expire(endpoint) {
      const id = endpoint.split('/').pop() ?? '';
      const subscriber = subscribers.get(id);
      if (subscriber) subscriber.gone = true;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
