// The sidebar's menu search: matches an item's Thai and English names (and other names such as an event's key),
// best matches first, at most MENU_SEARCH_RESULTS_MAX results (SPEC §9).
import { MENU_SEARCH_RESULTS_MAX } from '../../../core/constants';

export interface Searchable {
  /** Every name the item may be found by, in any language. */
  names: readonly string[];
}

/** Lower case, composed Thai marks, dashes and runs of spaces as one space. */
export const normalizeForSearch = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[-_/]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** 0: a name starts with the query; 1: a word of a name does; 2: the query is inside a name; 3: every word of
 * the query is somewhere in the names; undefined: no match. */
function rank(names: readonly string[], query: string): number | undefined {
  const normalized = names.map(normalizeForSearch);
  if (normalized.some((n) => n.startsWith(query))) return 0;
  if (normalized.some((n) => n.split(' ').some((word) => word.startsWith(query)))) return 1;
  if (normalized.some((n) => n.includes(query))) return 2;
  const words = query.split(' ');
  if (words.length > 1 && words.every((word) => normalized.some((n) => n.includes(word)))) return 3;
  return undefined;
}

export function searchMenu<T extends Searchable>(
  items: readonly T[],
  query: string,
  limit: number = MENU_SEARCH_RESULTS_MAX,
): T[] {
  const q = normalizeForSearch(query);
  if (!q) return [];
  return items
    .map((item, index) => ({ item, index, rank: rank(item.names, q) }))
    .filter((r): r is { item: T; index: number; rank: number } => r.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.item);
}
