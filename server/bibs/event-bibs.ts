// An event's bib numbers: the rule its reads and searches follow, from its settings. One place for
// "what is a bib of this event"; the reads themselves are kept as read (STORED_BIB_RULE) and filtered here.

import { type BibRule, typedBib as typedBibOf } from '../../core/bib-rule';
import type { BibSearchSettings } from '../../core/contract/events';
import { bibsOfRunners, runnerCount } from '../db/bibs-repo';
import type { Db } from '../db/database';
import type { EventRow } from '../db/schema';

type BibSettings = Pick<EventRow, 'bib_min_digits' | 'bib_max_digits' | 'bib_from' | 'bib_to'>;

/** Bibs are read for an event unless it has none (its digits set to 0: `--bib-digits off`). */
export const readsBibs = (event: BibSettings): boolean => event.bib_max_digits > 0;

/** The event's rule: its digits and, when set, its range. */
export function bibRuleOf(event: BibSettings): BibRule {
  const range =
    event.bib_from !== null && event.bib_to !== null
      ? { range: { from: event.bib_from, to: event.bib_to } }
      : {};
  return { minDigits: event.bib_min_digits, maxDigits: event.bib_max_digits, ...range };
}

/** A number the runner typed as this event's bib: digits (Thai digits too), spaces dropped; or undefined. */
export function typedBib(text: string, event: BibSettings): string | undefined {
  return readsBibs(event) ? typedBibOf(text, bibRuleOf(event)) : undefined;
}

/** The event's bib search for its page (absent when it reads no bibs). */
export async function bibSearchSettings(db: Db, event: EventRow): Promise<BibSearchSettings | undefined> {
  if (!readsBibs(event)) return undefined;
  const rule = bibRuleOf(event);
  return {
    min_digits: rule.minDigits,
    max_digits: rule.maxDigits,
    ...(rule.range ? { range: rule.range } : {}),
    by_name: (await runnerCount(db, event.event_id)) > 0,
  };
}

/** Whether a number is one of the event's bibs: its rule, and its runners (start list, results) when it has any. */
export async function eventBibs(db: Db, event: EventRow, bibs: readonly string[]): Promise<Set<string>> {
  const fitting = bibs.filter((b) => typedBib(b, event) === b);
  if ((await runnerCount(db, event.event_id)) === 0) return new Set(fitting);
  return bibsOfRunners(db, event.event_id, fitting);
}
