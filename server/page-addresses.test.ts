// The server knows the PWA's pages as its router does: every route of src/routeTree.gen.ts is a page here, and
// every message the head uses is in both catalogs.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPrivatePage, pageAddressOf } from './page-addresses';
import { parsePo } from './page-texts';
import { HEAD_MESSAGES } from './services/page-head';

/** The router's full paths, with each parameter filled by a sample value. */
function routerPaths(): string[] {
  const generated = fs.readFileSync('src/routeTree.gen.ts', 'utf8');
  const block = /fullPaths:\s*([^\n]+(?:\n\s+\|[^\n]+)*)/.exec(generated)?.[1] ?? '';
  return [...block.matchAll(/'([^']+)'/g)].map((m) => m[1] ?? '');
}

describe('page addresses', () => {
  it('knows every route of the PWA’s router', () => {
    const paths = routerPaths();
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const sample = path
        .replace('$eventId', 'bangkok-run-2026')
        .replace('$teamKey', 'runners')
        .replace('$q', '0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f')
        .replace('$mobile', '0812345678')
        .replace('$secret', 'a'.repeat(32))
        .replace('$code', 'Ab3_xY9-kLm0');
      const address = pageAddressOf(sample);
      if (path === '/404') expect(address.page).toBe('not-found');
      else expect(address.page, path).not.toBe('not-found');
    }
  });

  it('tells events, their pages, orders, teams and unknown addresses apart', () => {
    expect(pageAddressOf('/')).toEqual({ page: 'home' });
    expect(pageAddressOf('/about')).toEqual({ page: 'static', path: '/about', listed: true });
    expect(pageAddressOf('/about/')).toEqual({ page: 'static', path: '/about', listed: true });
    expect(pageAddressOf('/privacy')).toEqual({ page: 'static', path: '/privacy', listed: true });
    expect(pageAddressOf('/run-1')).toEqual({ page: 'event', eventKey: 'run-1', subpage: '' });
    expect(pageAddressOf('/run-1/wholesale')).toEqual({
      page: 'event',
      eventKey: 'run-1',
      subpage: 'wholesale',
    });
    expect(pageAddressOf('/run-1/other')).toEqual({ page: 'not-found' });
    expect(pageAddressOf('/run.1')).toEqual({ page: 'not-found' });
    expect(pageAddressOf('/%E0%A4%A')).toEqual({ page: 'not-found' });
    expect(pageAddressOf('/a/b/c')).toEqual({ page: 'not-found' });
    expect(pageAddressOf('/run-1/finisher/Ab3_xY9-kLm0')).toEqual({
      page: 'finisher',
      eventKey: 'run-1',
      code: 'Ab3_xY9-kLm0',
    });
    expect(pageAddressOf('/run-1/finisher/short')).toEqual({ page: 'not-found' });
    expect(pageAddressOf('/run-1/finisher/Ab3_xY9-kLm0/x')).toEqual({ page: 'not-found' });
    expect(pageAddressOf('/D/0B6F1F5E-2A34-4C1E-9D41-6A3C1B2D3E4F')).toEqual({ page: 'not-found' });
    expect(pageAddressOf('/d/0B6F1F5E-2A34-4C1E-9D41-6A3C1B2D3E4F')).toEqual({
      page: 'order',
      orderUuid: '0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f',
    });
    expect(pageAddressOf('/download/nope')).toEqual({ page: 'order', orderUuid: undefined });
    expect(isPrivatePage(pageAddressOf('/cart'))).toBe(true);
    expect(isPrivatePage(pageAddressOf('/privacy/remove'))).toBe(true);
    expect(isPrivatePage(pageAddressOf('/find-mobile/0812345678'))).toBe(true);
    expect(isPrivatePage(pageAddressOf(`/upload/${'a'.repeat(32)}`))).toBe(true);
    expect(isPrivatePage(pageAddressOf('/run-1'))).toBe(false);
  });

  it('has every head message in the Thai and English catalogs', () => {
    const thai = parsePo(fs.readFileSync('src/locales/th/messages.po', 'utf8'));
    const english = parsePo(fs.readFileSync('src/locales/en/messages.po', 'utf8'));
    for (const message of HEAD_MESSAGES) {
      expect(thai.has(message), message).toBe(true);
      expect(english.get(message), message).toBeTruthy();
    }
  });
});
