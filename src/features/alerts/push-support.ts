// Web Push on this device: available where the browser has a service worker, PushManager and
// notifications (Safari on iPhone only once the app is installed to the home screen); a subscription made with the
// store's VAPID public key, after the runner allowed notifications.
import type { PushSubscriptionJson } from '../../../core/contract/alerts';

export function pushAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** A base64url key as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export type PushOutcome =
  | { ok: true; subscription: PushSubscriptionJson }
  | { ok: false; reason: 'denied' | 'failed' };

/** Asks for notifications, then subscribes this app (or answers its subscription made before). */
export async function subscribeToPush(publicKey: string): Promise<PushOutcome> {
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return { ok: false, reason: 'denied' };
  try {
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      }));
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return { ok: false, reason: 'failed' };
    return {
      ok: true,
      subscription: { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } },
    };
  } catch {
    return { ok: false, reason: 'failed' };
  }
}
