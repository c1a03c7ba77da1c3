// Small values the shell keeps in localStorage (SPEC §3 browser-kept values: pins, primary_color,
// secondary_color, layoutVersion, SidebarType; plus the runner's bookmarks). Storage can be blocked (private
// modes, some in-app browsers): reads then give nothing and writes last for this visit only.

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function defaultStore(): KeyValueStore | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readText(key: string, store: KeyValueStore | undefined = defaultStore()): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeText(
  key: string,
  value: string,
  store: KeyValueStore | undefined = defaultStore(),
): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Blocked or full: the value lasts for this visit only.
  }
}

/** A JSON value, or undefined when missing or not parseable. */
export function readJson(key: string, store: KeyValueStore | undefined = defaultStore()): unknown {
  const text = readText(key, store);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function writeJson(
  key: string,
  value: unknown,
  store: KeyValueStore | undefined = defaultStore(),
): void {
  writeText(key, JSON.stringify(value), store);
}
