// A runner's alert of new photos reaching the installed app: the push message's payload (JSON of
// core/contract/alerts.ts AlertPushPayload) is shown as a notification; a tap opens the event with the new photos:
// a window of the app already open is brought forward and sent there, else a new one opens.
import * as v from 'valibot';
import { type AlertPushPayload, alertPushPayloadSchema } from '../core/contract/alerts';

/** The payload, or undefined for one that is not ours (never shown). */
export function alertOfPush(data: { json(): unknown } | null | undefined): AlertPushPayload | undefined {
  if (!data) return undefined;
  try {
    const parsed = v.safeParse(alertPushPayloadSchema, data.json());
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** The notification's options: its link kept in `data`, one notification per alert (a newer one replaces it). */
export function notificationOf(alert: AlertPushPayload): [string, NotificationOptions] {
  return [
    alert.title,
    {
      body: alert.body,
      tag: alert.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: alert.url },
    },
  ];
}

/** The address a tapped notification opens: its link on this origin only. */
export function tappedUrl(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  if (typeof url !== 'string') return `${origin}/`;
  const target = new URL(url, origin);
  return target.origin === origin ? target.href : `${origin}/`;
}

interface Clients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** Brings a window of the app forward at `url`, or opens one. */
export async function openAt(clients: Clients, url: string, origin: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const mine = windows.find((w) => new URL(w.url).origin === origin);
  if (mine) {
    // Brought forward where the browser lets it (a tap does); taken to the photos either way.
    await mine.focus().catch(() => undefined);
    await mine.navigate(url);
    return;
  }
  await clients.openWindow(url);
}
