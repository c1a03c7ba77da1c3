// Web Push with the `web-push` library: it encrypts the payload for the subscription (RFC 8291, aes128gcm) and signs
// the request with the store's VAPID keys (RFC 8292). The request itself goes out through node's http(s) with the
// endpoint rules of push-endpoint.ts: only to a push service the store knows, its host's addresses checked as the
// socket connects, no redirect followed, a timeout. A subscription the push service says is gone (404, 410) is
// reported as such, one the rules refuse is never contacted (either stops its alert); any other refusal or a network
// failure throws, and the job tries again.
import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushSubscriptionJson } from '../../../core/contract/alerts';
import { judgeEndpoint, publicOnlyLookup } from './push-endpoint';
import type { PushKeys } from './push-keys';

export interface PushSender {
  send(subscription: PushSubscriptionJson, payload: string): Promise<'sent' | 'gone' | 'refused'>;
}

/** How long a push service keeps a message for a device that is offline (a finish line's patchy network). */
export const PUSH_TTL_SECONDS = 12 * 3600;

/** One POST; answers the status. Nothing is followed: a redirect is just its status. */
function post(
  endpoint: string,
  headers: Record<string, string>,
  body: Buffer,
  checkAddresses: boolean,
  timeoutMs: number,
): Promise<number> {
  const url = new URL(endpoint);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(body.length) },
        timeout: timeoutMs,
        ...(checkAddresses ? { lookup: publicOnlyLookup } : {}),
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
        answer.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`the push service did not answer in ${timeoutMs} ms`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

export function webPushSender(
  keys: () => Promise<PushKeys>,
  services: readonly string[],
  timeoutMs = 20_000,
): PushSender {
  return {
    async send(subscription, payload) {
      const verdict = judgeEndpoint(subscription.endpoint, services);
      if (!verdict.ok) return 'refused';
      const { publicKey, privateKey, subject } = await keys();
      const request = webpush.generateRequestDetails(subscription, payload, {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      const status = await post(
        request.endpoint,
        headers,
        Buffer.from(request.body),
        verdict.checkAddresses,
        timeoutMs,
      ).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'EPUSHADDRESS') return 'refused' as const;
        throw error;
      });
      if (status === 'refused') return 'refused';
      if (status === 404 || status === 410) return 'gone';
      if (status >= 300 && status < 400)
        throw new Error(`the push service answered a redirect (HTTP ${status}), which is never followed`);
      if (status < 200 || status >= 300)
        throw new Error(`the push service refused the message: HTTP ${status}`);
      return 'sent';
    },
  };
}
