// Request validation with the contract's valibot schemas: a refusal names the failing field, never a 500. Before
// any schema, one rule for every string a request carries (body, query, form, path): none may hold a character the
// API refuses (core/rules.ts hasForbiddenCharacter: NUL, controls, bidirectional overrides, lone surrogates), so
// no call stores, prints or sends one to the database.
import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import type { ErrorAnswer } from '../../core/contract/common';
import { hasForbiddenCharacter } from '../../core/rules';

export const FORBIDDEN_CHARACTER_MESSAGE = 'contains a character that is not allowed';
const FORBIDDEN_CHARACTER_TH = 'มีอักขระที่ไม่อนุญาต';

export function refusal(issues: v.BaseIssue<unknown>[]): ErrorAnswer {
  const first = issues[0];
  const field = first ? v.getDotPath(first) : null;
  const message = first?.message ?? 'invalid request';
  const forbidden = message === FORBIDDEN_CHARACTER_MESSAGE;
  return {
    status: 'error',
    message: field ? `${field}: ${message}` : message,
    ...(field ? { field } : {}),
    ...(forbidden ? { code: 'forbidden_character', message_th: FORBIDDEN_CHARACTER_TH } : {}),
  };
}

/** The path to the first string (a key or a value) holding a forbidden character, or undefined. */
export function forbiddenTextPath(
  value: unknown,
  path: (string | number)[] = [],
): (string | number)[] | undefined {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = forbiddenTextPath(item, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacter(key)) return [...path, key];
      const found = forbiddenTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Any value, refused when one of its strings holds a forbidden character (with that string's path). */
const cleanText = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const path = forbiddenTextPath(dataset.value);
    if (!path) return;
    addIssue({
      message: FORBIDDEN_CHARACTER_MESSAGE,
      path: path.map((key) => ({
        type: 'object',
        origin: 'value',
        input: dataset.value,
        key,
        value: undefined,
      })) as unknown as [v.IssuePathItem, ...v.IssuePathItem[]],
    });
  }),
);

export const validate = <Target extends keyof ValidationTargets, S extends v.GenericSchema>(
  target: Target,
  schema: S,
) =>
  vValidator(target, v.pipe(cleanText, schema) as unknown as S, (result, c) => {
    if (!result.success) return c.json(refusal(result.issues), 400);
  });
