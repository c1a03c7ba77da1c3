import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSms, startFakeSms } from '../../test/fakes/fake-sms';
import { thaiBulkSmsSender } from './sms';

describe('SMS through the ThaiBulkSMS REST adapter', () => {
  let fake: FakeSms;
  beforeAll(async () => {
    fake = await startFakeSms();
  });
  afterAll(() => fake.close());
  const sender = (secret = fake.secret) =>
    thaiBulkSmsSender({
      apiUrl: `${fake.url}/`,
      apiKey: fake.key,
      apiSecret: secret,
      sender: 'RunFoto',
      timeoutMs: 2000,
    });

  it('sends one message with the sender name and answers its id', async () => {
    expect(await sender().send({ to: '081-234-5678', text: 'RunFoto: photos ready https://x/d/1' })).toEqual({
      messageId: 'msg1',
    });
    expect(fake.sent).toEqual([
      { msisdn: '0812345678', message: 'RunFoto: photos ready https://x/d/1', sender: 'RunFoto' },
    ]);
  });

  it('fails, naming the reason, on a wrong key, a refused number, an outage; refuses a non-Thai number unsent', async () => {
    await expect(sender('wrong').send({ to: '0812345678', text: 'x' })).rejects.toThrow(
      /401 invalid api key/,
    );
    await expect(sender().send({ to: '0212345678', text: 'x' })).rejects.toThrow(
      /refused 0212345678: invalid number/,
    );
    fake.failNext();
    await expect(sender().send({ to: '0812345678', text: 'x' })).rejects.toThrow(/500 internal error/);
    const before = fake.sent.length;
    await expect(sender().send({ to: '12345', text: 'x' })).rejects.toThrow(/not a Thai mobile number/);
    expect(fake.sent.length).toBe(before);
    expect(() => thaiBulkSmsSender({ apiUrl: 'ftp://x', apiKey: 'k', apiSecret: 's', sender: 'R' })).toThrow(
      /http/,
    );
  });
});
