// The GB Prime Pay client against answers as its API gives them (one transaction, several tries, refusals, outages).
import { describe, expect, it } from 'vitest';
import { gbpClient } from './gbp';

const answering = (status: number, body: unknown) =>
  gbpClient({
    apiUrl: 'https://gbp.invalid',
    token: 't',
    secretKey: 's',
    fetch: async (_url, init) => {
      expect(new Headers(init?.headers).get('authorization')).toBe(
        `Basic ${Buffer.from('s:').toString('base64')}`,
      );
      return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    },
  });

describe('GB Prime Pay status check', () => {
  const txn = (status: string, extra: object = {}) => ({
    referenceNo: 'RF1',
    gbpReferenceNo: 'gbp1',
    amount: 63,
    status,
    ...extra,
  });

  it('reads one transaction, or the paid one of several tries', async () => {
    expect(await answering(200, { resultCode: '00', txn: txn('S') }).checkStatus('RF1')).toMatchObject({
      ok: true,
      value: { status: 'S', amount: 63 },
    });
    const tries = {
      resultCode: '00',
      txns: [
        txn('D', { gbpReferenceNo: 'a' }),
        txn('S', { gbpReferenceNo: 'b' }),
        txn('D', { gbpReferenceNo: 'c' }),
      ],
    };
    expect(await answering(200, tries).checkStatus('RF1')).toMatchObject({
      ok: true,
      value: { gbpReferenceNo: 'b' },
    });
    const declined = {
      resultCode: '00',
      txns: [txn('D', { gbpReferenceNo: 'a' }), txn('D', { gbpReferenceNo: 'z' })],
    };
    expect(await answering(200, declined).checkStatus('RF1')).toMatchObject({
      ok: true,
      value: { gbpReferenceNo: 'z' },
    });
    // String amounts are read as numbers.
    expect(
      await answering(200, { resultCode: '00', txn: txn('S', { amount: '63.00' }) }).checkStatus('RF1'),
    ).toMatchObject({
      value: { amount: 63 },
    });
  });

  it('answers no transaction for an unknown reference, and typed failures for outages and odd answers', async () => {
    expect(await answering(200, { resultCode: '54', resultMessage: 'not found' }).checkStatus('RF1')).toEqual(
      { ok: true, value: undefined },
    );
    expect(await answering(200, { resultCode: '00', txn: txn('S') }).checkStatus('not valid!')).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await answering(502, 'bad gateway').checkStatus('RF1')).toMatchObject({
      ok: false,
      failure: { kind: 'api', code: 'http_502' },
    });
    expect(await answering(200, '<html>').checkStatus('RF1')).toMatchObject({
      ok: false,
      failure: { kind: 'protocol' },
    });
  });

  it('needs its settings', () => {
    expect(() => gbpClient({ apiUrl: 'ftp://x', token: 't', secretKey: 's' })).toThrow(/GBP_API_URL/);
    expect(() => gbpClient({ apiUrl: 'https://x', token: '', secretKey: 's' })).toThrow(/GBP_TOKEN/);
    expect(() => gbpClient({ apiUrl: 'https://x', token: 't', secretKey: '' })).toThrow(/GBP_SECRET_KEY/);
  });
});
