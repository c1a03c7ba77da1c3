// What counts as a bib number of an event: its digits (3 to 5 by default) and, optionally, a range.
// One rule for the reads kept at indexing, the numbers runners type (the store and the page check alike) and the
// start lists imported.

export interface BibRule {
  minDigits: number;
  maxDigits: number;
  /** Inclusive bounds of the event's bib numbers, when it has them. */
  range?: { from: number; to: number } | undefined;
}

export const DEFAULT_BIB_RULE: BibRule = { minDigits: 3, maxDigits: 5 };

/** The number a text is, when it is one of the rule's bibs: digits only (spaces and separators dropped). */
export function bibOf(text: string, rule: BibRule): string | undefined {
  const digits = text.replace(/[\s.\-_,:]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.length < rule.minDigits || digits.length > rule.maxDigits) return undefined;
  if (rule.range) {
    const n = Number(digits);
    if (n < rule.range.from || n > rule.range.to) return undefined;
  }
  return digits;
}

/** Thai digits (๐-๙) as the digits they are. */
export const westernDigits = (text: string): string =>
  text.replace(/[๐-๙]/g, (d) => String(d.charCodeAt(0) - 0x0e50));

/** A number a runner typed, when it is one of the rule's bibs: Thai digits too, spaces dropped (no separators). */
export function typedBib(text: string, rule: BibRule): string | undefined {
  const digits = westernDigits(text).replace(/\s/g, '');
  return /^\d*$/.test(digits) ? bibOf(digits, rule) : undefined;
}
