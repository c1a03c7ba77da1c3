// Request validation with the contract's valibot schemas: a refusal names the failing field, never a 500.
import { vValidator } from '@hono/valibot-validator';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import type { ErrorAnswer } from '../../core/contract/common';

export function refusal(issues: v.BaseIssue<unknown>[]): ErrorAnswer {
  const first = issues[0];
  const field = first ? v.getDotPath(first) : null;
  const message = first?.message ?? 'invalid request';
  return { status: 'error', message: field ? `${field}: ${message}` : message, ...(field ? { field } : {}) };
}

export const validate = <Target extends keyof ValidationTargets, S extends v.GenericSchema>(
  target: Target,
  schema: S,
) =>
  vValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(refusal(result.issues), 400);
  });
