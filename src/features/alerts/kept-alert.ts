// The alert a runner made on this device for an event: its token, kept in localStorage beside the
// event's face search consent, so the event page says "we will tell you" and offers to stop.
const PREFIX = 'photo_alert_';
const keyOf = (eventKey: string) => `${PREFIX}${eventKey}`;

export function keptAlert(eventKey: string): string | undefined {
  try {
    return localStorage.getItem(keyOf(eventKey)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function keepAlert(eventKey: string, token: string): void {
  try {
    localStorage.setItem(keyOf(eventKey), token);
  } catch {
    // Private mode with no storage: the notification's link still opens it.
  }
}

export function forgetAlert(eventKey: string): void {
  try {
    localStorage.removeItem(keyOf(eventKey));
  } catch {
    // nothing kept
  }
}

/** Forgets every alert kept on this device (the face consent withdrawn); answers their tokens. */
export function forgetAllAlerts(): string[] {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
      (key): key is string => key?.startsWith(PREFIX) === true,
    );
    const tokens = keys.map((key) => localStorage.getItem(key)).filter((t): t is string => !!t);
    for (const key of keys) localStorage.removeItem(key);
    return tokens;
  } catch {
    return [];
  }
}
