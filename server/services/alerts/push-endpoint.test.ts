// The push endpoints the store sends to: a known push service over https whose every address is public, checked
// again as the socket connects; or an origin the operator named whole. A redirect is never followed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPushEndpoint,
  DEFAULT_PUSH_SERVICES,
  isPublicAddress,
  judgeEndpoint,
  publicOnlyLookup,
} from './push-endpoint';
import { newPushKeyPair } from './push-keys';
import { webPushSender } from './push-sender';

const subscriptionKeys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('push endpoints', () => {
  it('tells public addresses from this machine, private networks, link-local, CGNAT and unique-local ones', () => {
    for (const address of ['142.250.4.95', '17.57.146.20', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '127.0.0.1',
      '127.8.8.8',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes only the known push services over https, or an origin named whole', () => {
    const services = [...DEFAULT_PUSH_SERVICES, 'http://127.0.0.1:9999'];
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGuQyavXutnMbT',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'http://127.0.0.1:9999/push/abc',
    ])
      expect(judgeEndpoint(endpoint, services).ok, endpoint).toBe(true);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'http://127.0.0.1:9998/push/abc',
      'http://localhost:9999/push/abc',
      'http://169.254.169.254/latest/meta-data/',
      'not a url',
    ])
      expect(judgeEndpoint(endpoint, services).ok, endpoint).toBe(false);
    // The default list has no local service: the tests' own is allowed only by naming it.
    expect(judgeEndpoint('http://127.0.0.1:9999/push/abc', DEFAULT_PUSH_SERVICES).ok).toBe(false);
  });

  it('refuses a push service name whose addresses are not all public', async () => {
    const answers: Record<string, string[]> = {
      'fcm.googleapis.com': ['142.250.4.95'],
      'web.push.apple.com': ['17.57.146.20', '10.0.0.5'],
      'updates.push.services.mozilla.com': ['169.254.169.254'],
    };
    const lookup = async (host: string) =>
      (answers[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const check = (endpoint: string) => checkPushEndpoint(endpoint, DEFAULT_PUSH_SERVICES, lookup);
    expect(await check('https://fcm.googleapis.com/fcm/send/x')).toEqual({ ok: true, checkAddresses: true });
    expect(await check('https://web.push.apple.com/x')).toMatchObject({ ok: false, reason: /10\.0\.0\.5/ });
    expect(await check('https://updates.push.services.mozilla.com/x')).toMatchObject({ ok: false });
    expect(await check('https://android.googleapis.com/x')).toMatchObject({
      ok: false,
      reason: /no address/,
    });
  });

  it('checks the addresses again as the socket connects', async () => {
    const looked = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (error) => resolve(error)),
    );
    expect(looked?.code).toBe('EPUSHADDRESS');
  });
});

describe('sending to a push endpoint', () => {
  const hits: string[] = [];
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      if (req.url?.startsWith('/moved')) {
        res.writeHead(307, { location: `${origin}/internal` }).end();
        return;
      }
      res.writeHead(201).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const keys = async () => ({ ...newPushKeyPair(), subject: 'mailto:shop@runfoto.example' });

  it('never follows a redirect, and never contacts an endpoint the rules refuse', async () => {
    const sender = webPushSender(keys, [origin]);
    expect(await sender.send({ endpoint: `${origin}/push/a`, keys: subscriptionKeys }, '{}')).toBe('sent');
    await expect(sender.send({ endpoint: `${origin}/moved`, keys: subscriptionKeys }, '{}')).rejects.toThrow(
      /redirect \(HTTP 307\), which is never followed/,
    );
    expect(hits).toEqual(['/push/a', '/moved']);
    // The same service no longer named (PUSH_SERVICES changed): refused without a connection.
    const strict = webPushSender(keys, DEFAULT_PUSH_SERVICES);
    expect(await strict.send({ endpoint: `${origin}/push/b`, keys: subscriptionKeys }, '{}')).toBe('refused');
    // A push service's name that leads to this machine: refused as the socket would connect.
    const local = webPushSender(keys, ['localhost']);
    expect(judgeEndpoint('https://localhost/x', ['localhost']).ok).toBe(true);
    expect(await local.send({ endpoint: 'https://localhost/x', keys: subscriptionKeys }, '{}')).toBe(
      'refused',
    );
    expect(hits).toEqual(['/push/a', '/moved']);
  });
});
