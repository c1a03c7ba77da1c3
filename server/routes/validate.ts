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
  const tooDeep = message === TOO_DEEP_MESSAGE;
  return {
    status: 'error',
    message: field ? `${field}: ${message}` : message,
    ...(field ? { field } : {}),
    ...(forbidden ? { code: 'forbidden-character', message_th: FORBIDDEN_CHARACTER_TH } : {}),
    ...(tooDeep ? { code: 'too-deep', message_th: TOO_DEEP_TH } : {}),
  };
}

/**
 * The deepest a request's value may nest (arrays and objects): the calls' own shapes nest three or four deep. A
 * body nested a hundred thousand deep parses (JSON.parse does not recurse) but would overflow the stack of anything
 * that walks it (a 500).
 */
export const MOST_NESTING = 32;

export const TOO_DEEP_MESSAGE = `is nested more than ${MOST_NESTING} levels deep`;
const TOO_DEEP_TH = `ข้อมูลซ้อนกันลึกเกิน ${MOST_NESTING} ชั้น`;

/** What is wrong with a request's value as a whole: a forbidden character, or nesting beyond MOST_NESTING. */
export interface TextProblem {
  path: (string | number)[];
  message: typeof FORBIDDEN_CHARACTER_MESSAGE | typeof TOO_DEEP_MESSAGE;
}

/**
 * The first string (a key or a value) holding a forbidden character, or the first value nested too deep, with its
 * path; undefined when there is none. Walked with a stack of its own (never recursion), depth first, in order.
 */
export function textProblem(value: unknown): TextProblem | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: item, path } = stack.pop() as (typeof stack)[number];
    if (typeof item === 'string') {
      if (hasForbiddenCharacter(item)) return { path, message: FORBIDDEN_CHARACTER_MESSAGE };
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MOST_NESTING) return { path, message: TOO_DEEP_MESSAGE };
    const entries: [string | number, unknown][] = Array.isArray(item)
      ? item.map((child, i) => [i, child])
      : Object.entries(item);
    for (const [key] of entries)
      if (typeof key === 'string' && hasForbiddenCharacter(key))
        return { path: [...path, key], message: FORBIDDEN_CHARACTER_MESSAGE };
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i] as [string | number, unknown];
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return undefined;
}

/** The path to the first string (a key or a value) holding a forbidden character, or undefined. */
export function forbiddenTextPath(value: unknown): (string | number)[] | undefined {
  const problem = textProblem(value);
  return problem?.message === FORBIDDEN_CHARACTER_MESSAGE ? problem.path : undefined;
}

/** Any value, refused when one of its strings holds a forbidden character or it nests too deep (with the path). */
const cleanText = v.pipe(
  v.unknown(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = textProblem(dataset.value);
    if (!problem) return;
    addIssue({
      message: problem.message,
      path: problem.path.map((key) => ({
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
