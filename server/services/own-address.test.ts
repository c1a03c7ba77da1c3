// The store's own address in its public answers: PUBLIC_BASE_URL, else a request's origin only when ALLOWED_HOSTS
// lists its host, else the listener's address (page-document.test.ts sees it in robots, the sitemap and the head).
import { describe, expect, it } from 'vitest';
import { listenerAddress, ownAddressOf } from './own-address';

const demo = (allowedHosts: string[], host = '0.0.0.0', port = 8080) => ({
  publicBaseUrl: undefined,
  ownAddress: { allowedHosts, host, port },
});

describe('the store’s own address', () => {
  it('is PUBLIC_BASE_URL when set, whatever the request', () => {
    const ctx = { ...demo(['localhost']), publicBaseUrl: 'https://photos.example/shop' };
    expect(ownAddressOf(ctx, 'http://evil.example/x')).toBe('https://photos.example/shop');
    expect(ownAddressOf(ctx, 'http://localhost:8080/x')).toBe('https://photos.example/shop');
  });

  it('is the request’s origin for an allowed host: any port of a host alone, the one port of host:port', () => {
    const ctx = demo(['localhost', '127.0.0.1', 'photos.lan:8443', '[::1]', 'kiosk.lan:80']);
    expect(ownAddressOf(ctx, 'http://localhost:5173/a')).toBe('http://localhost:5173');
    expect(ownAddressOf(ctx, 'http://127.0.0.1/a')).toBe('http://127.0.0.1');
    expect(ownAddressOf(ctx, 'http://photos.lan:8443/a')).toBe('http://photos.lan:8443');
    expect(ownAddressOf(ctx, 'http://[::1]:9000/a')).toBe('http://[::1]:9000');
    expect(ownAddressOf(ctx, 'http://kiosk.lan/a')).toBe('http://kiosk.lan');
    expect(ownAddressOf(ctx, 'http://KIOSK.lan:80/a')).toBe('http://kiosk.lan');
  });

  it('is the listener’s address for any other host', () => {
    const ctx = demo(['localhost', 'photos.lan:8443', 'kiosk.lan:80']);
    for (const url of [
      'http://evil.example/a',
      'http://localhost.evil.example/a',
      'http://evil.example:8443/a',
      'http://photos.lan:9000/a',
      'http://photos.lan/a',
      'http://kiosk.lan:8080/a',
      'http://user@evil.example/a',
      'not a url',
    ])
      expect(ownAddressOf(ctx, url), url).toBe('http://127.0.0.1:8080');
  });

  it('names the listener by its host and port, loopback for a wildcard', () => {
    expect(listenerAddress('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(listenerAddress('::', 3000)).toBe('http://127.0.0.1:3000');
    expect(listenerAddress('192.168.1.20', 80)).toBe('http://192.168.1.20');
    expect(listenerAddress('::1', 8080)).toBe('http://[::1]:8080');
    expect(listenerAddress('LocalHost', 8080)).toBe('http://localhost:8080');
  });
});
