// Web Push with the `web-push` library: it encrypts the payload for the subscription (RFC 8291, aes128gcm) and signs
// the request with the store's VAPID keys (RFC 8292); the request itself goes out through fetch, with a timeout (the
// library's own sender speaks https only, and a push service is reached the same way in every process). A
// subscription the push service says is gone (404, 410) is reported as such (its alert stops); any other refusal or
// a network failure throws, and the job tries again.
import webpush from 'web-push';
import type { PushSubscriptionJson } from '../../../core/contract/alerts';
import type { PushKeys } from './push-keys';

export interface PushSender {
  send(subscription: PushSubscriptionJson, payload: string): Promise<'sent' | 'gone'>;
}

/** How long a push service keeps a message for a device that is offline (a finish line's patchy network). */
export const PUSH_TTL_SECONDS = 12 * 3600;

export function webPushSender(keys: () => Promise<PushKeys>, timeoutMs = 20_000): PushSender {
  return {
    async send(subscription, payload) {
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
      const answer = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      await answer.body?.cancel();
      if (answer.status === 404 || answer.status === 410) return 'gone';
      if (!answer.ok) throw new Error(`the push service refused the message: HTTP ${answer.status}`);
      return 'sent';
    },
  };
}
