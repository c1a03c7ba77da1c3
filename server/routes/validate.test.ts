import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { refusal } from './validate';

describe('refusal', () => {
  it('names the first failing field with its message', () => {
    const result = v.safeParse(v.object({ page: v.pipe(v.number(), v.minValue(1, 'must be 1 or more')) }), {
      page: 0,
    });
    expect(result.success).toBe(false);
    expect(refusal(result.issues ?? [])).toEqual({
      status: 'error',
      message: 'page: must be 1 or more',
      field: 'page',
    });
  });

  it('has a message when the whole value is wrong', () => {
    const result = v.safeParse(v.object({ page: v.number() }), 'not an object');
    expect(refusal(result.issues ?? [])).toMatchObject({ status: 'error' });
    expect(refusal(result.issues ?? []).field).toBeUndefined();
  });
});
