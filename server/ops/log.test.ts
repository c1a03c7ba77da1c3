import { describe, expect, it } from 'vitest';
import { captureLogs, log, maskPersonal, maskValue, withRequestId } from './log';

describe('the log masks personal data', () => {
  it.each([
    ['0812345678', '0xx-xxx-xx78'],
    ['081-234-5678', '0xx-xxx-xx78'],
    ['081 234 5678', '0xx-xxx-xx78'],
    ['+66812345678', '0xx-xxx-xx78'],
    ['mobile=0612345609&x=1', 'mobile=0xx-xxx-xx09&x=1'],
    ['somchai.j@example.co.th', 's***@example.co.th'],
    ['to: A.B+runs@mail.example.com.', 'to: A***@mail.example.com.'],
  ])('%s', (text, masked) => {
    expect(maskPersonal(text)).toBe(masked);
  });

  it('leaves numbers that are not mobiles as they are', () => {
    for (const text of ['order 1234567890123', 'photo 20261128', '0212345678', 'amount 63.00'])
      expect(maskPersonal(text)).toBe(text);
  });

  it('writes an error as its name, message and stack, never its properties', () => {
    const error = Object.assign(new Error('insert failed for 0812345678'), { row: { email: 'a@b.example' } });
    const value = maskValue({ err: error }) as { err: Record<string, unknown> };
    expect(Object.keys(value.err).sort()).toEqual(['message', 'stack', 'type']);
    expect(JSON.stringify(value)).not.toContain('0812345678');
    expect(JSON.stringify(value)).not.toContain('a@b.example');
  });

  it('masks messages and fields on the way out, with the request id inside a request', () => {
    const logs = captureLogs();
    withRequestId('req-0001-abcd', () =>
      log.warn('sent to 0812345678', { recipient: 'runner@example.com', nested: { mobile: '0891234567' } }),
    );
    log.info('outside');
    logs.restore();
    expect(logs.lines[0]).toMatchObject({
      level: 'warn',
      msg: 'sent to 0xx-xxx-xx78',
      reqId: 'req-0001-abcd',
      recipient: 'r***@example.com',
      nested: { mobile: '0xx-xxx-xx67' },
    });
    expect(logs.lines[1]?.reqId).toBeUndefined();
    expect(typeof logs.lines[0]?.time).toBe('string');
  });
});
