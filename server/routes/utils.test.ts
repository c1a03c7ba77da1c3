// Integration: POST /v1/utils/conf on a real database, and the application-token check.
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confAnswerSchema } from '../../core/contract/utils';
import { testDatabases } from '../db/test-databases';
import { tokenMatches } from '../services/orders';
import { openTestApp, TEST_APP_TOKEN, type TestApp } from '../test/app-fixture';

describe('tokenMatches', () => {
  it('accepts only the exact token and never an empty configured one', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abd', 'abc')).toBe(false);
    expect(tokenMatches('abc ', 'abc')).toBe(false);
    expect(tokenMatches('', '')).toBe(false);
  });
});

describe.each(testDatabases)('utils calls on $name', (database) => {
  let t: TestApp;
  const conf = (body: unknown) => t.post('/api/v1/utils/conf', body);
  const value = async (body: unknown) => {
    const res = await conf(body);
    expect(res.status).toBe(200);
    return v.parse(confAnswerSchema, await res.json()).body.value;
  };
  const ask = { token: TEST_APP_TOKEN, name: 'PAYMENT_GATEWAY' };

  beforeAll(async () => {
    t = await openTestApp(database);
  });
  afterAll(() => t.close());

  it('answers the configured gateway when no administrator has set one', async () => {
    expect(await value(ask)).toBe('SANDBOX');
  });

  it('answers the conf row once an administrator sets it, even an empty one', async () => {
    await t.ctx.db.insertInto('conf').values({ name: 'PAYMENT_GATEWAY', value: 'OPN' }).execute();
    expect(await value(ask)).toBe('OPN');
    await t.ctx.db.updateTable('conf').set({ value: '' }).where('name', '=', 'PAYMENT_GATEWAY').execute();
    expect(await value(ask)).toBe('');
  });

  it('refuses a wrong or missing token, an unknown setting and a malformed body', async () => {
    const cases: [unknown, number, string | undefined][] = [
      [{ ...ask, token: 'wrong' }, 401, 'token'],
      [{ name: 'PAYMENT_GATEWAY' }, 400, 'token'],
      [{ ...ask, name: 'DATABASE_URL' }, 400, 'name'],
      ['{"token":', 400, undefined],
    ];
    for (const [body, status, field] of cases) {
      const res = await conf(body);
      expect(res.status).toBe(status);
      const answer = (await res.json()) as { status: string; field?: string };
      expect(answer.status).toBe('error');
      expect(answer.field).toBe(field);
    }
  });
});
