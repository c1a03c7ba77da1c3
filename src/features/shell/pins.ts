// Pinned menu items: shown first in the sidebar, kept in the browser under "pins" (SPEC §3) as menu item ids.
import { type KeyValueStore, readJson, writeJson } from './browser-store';

export const PINS_KEY = 'pins';

/** Pins or unpins an item; a newly pinned item goes last. */
export const togglePin = (pins: readonly string[], id: string): readonly string[] =>
  pins.includes(id) ? pins.filter((p) => p !== id) : [...pins, id];

/** The items in pinned order, and the rest in their own order. */
export function splitPinned<T extends { id: string }>(
  items: readonly T[],
  pins: readonly string[],
): { pinned: T[]; others: T[] } {
  const byId = new Map(items.map((item) => [item.id, item]));
  const pinned = pins.map((id) => byId.get(id)).filter((item): item is T => item !== undefined);
  return { pinned, others: items.filter((item) => !pins.includes(item.id)) };
}

export function readPins(store?: KeyValueStore): readonly string[] {
  const value = readJson(PINS_KEY, store);
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is string => typeof v === 'string' && v.length > 0))];
}

export function savePins(pins: readonly string[], store?: KeyValueStore): void {
  writeJson(PINS_KEY, pins, store);
}
