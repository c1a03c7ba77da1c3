// The page's own code preloaded with the shell and its own styles in it: the route file an address names, by
// TanStack's file naming, and the chunks and styles it needs beyond the entry's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePattern, shellPreloads, shellPreloadsFrom } from './shell-preloads';

const manifest = {
  'index.html': { file: 'assets/index-E.js', imports: ['_app-start-A.js'], isEntry: true },
  '_app-start-A.js': { file: 'assets/app-start-A.js' },
  '_shared-S.js': { file: 'assets/shared-S.js', imports: ['_app-start-A.js'], css: ['assets/shared-S.css'] },
  '_OrderPage-O.js': { file: 'assets/OrderPage-O.js', imports: ['_app-start-A.js', '_shared-S.js'] },
  'src/routes/index.tsx?tsr-split=component': { file: 'assets/routes-H.js', imports: ['_app-start-A.js'] },
  'src/routes/$eventId.tsx?tsr-split=component': {
    file: 'assets/_eventId-V.js',
    imports: ['_app-start-A.js', '_shared-S.js'],
    css: ['assets/_eventId-V.css'],
  },
  'src/routes/$eventId_.manual.tsx?tsr-split=component': { file: 'assets/manual-M.js' },
  'src/routes/cart.tsx?tsr-split=component': { file: 'assets/cart-C.js' },
  'src/routes/download.$q.tsx?tsr-split=component': {
    file: 'assets/download-D.js',
    imports: ['_OrderPage-O.js', '_app-start-A.js'],
  },
  'src/routes/eventqr.index.tsx?tsr-split=component': { file: 'assets/eventqr-Q.js' },
  'src/routes/__root.tsx': { file: 'assets/root-R.js' },
  'src/locales/th/messages.po': { file: 'assets/messages-T.js', isDynamicEntry: true },
};

const script = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
/** A style file the manifest names, as a render-blocking stylesheet (a file the server cannot read). */
const style = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
/** A style file the server read: its text in the page, its link kept disabled for Vite's preload helper. */
const inlined = (file: string, css: string) =>
  `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;

describe('the shell’s preloads', () => {
  it('reads route file names as TanStack does', () => {
    expect(routePattern('index')).toEqual([]);
    expect(routePattern('$eventId')).toEqual([undefined]);
    expect(routePattern('$eventId_.manual')).toEqual([undefined, 'manual']);
    expect(routePattern('download.$q')).toEqual(['download', undefined]);
    expect(routePattern('eventqr.index')).toEqual(['eventqr']);
    expect(routePattern('__root')).toBeUndefined();
  });

  it('preloads the route’s chunks and styles beyond the entry’s, the most literal route winning', () => {
    const preloads = shellPreloadsFrom(manifest);
    expect(preloads('/')).toBe(script('assets/routes-H.js'));
    expect(preloads('/bangkok-city-marathon-2026')).toBe(
      [
        script('assets/_eventId-V.js'),
        script('assets/shared-S.js'),
        style('assets/_eventId-V.css'),
        style('assets/shared-S.css'),
      ].join(''),
    );
    // A literal segment beats a parameter: /cart is the cart, not an event called "cart".
    expect(preloads('/cart')).toBe(script('assets/cart-C.js'));
    expect(preloads('/run/manual')).toBe(script('assets/manual-M.js'));
    expect(preloads('/eventqr')).toBe(script('assets/eventqr-Q.js'));
    expect(preloads('/download/0b6f1f5e-2a34-4c1e-9d41-6a3c1b2d3e4f')).toBe(
      [
        script('assets/download-D.js'),
        script('assets/OrderPage-O.js'),
        script('assets/shared-S.js'),
        style('assets/shared-S.css'),
      ].join(''),
    );
  });

  it('puts the route’s styles in the page, so its first frame is styled with or without script', () => {
    const files: Record<string, string> = {
      '/assets/_eventId-V.css': '.event-page{padding:8px}',
      '/assets/shared-S.css': '.photo{aspect-ratio:1}',
    };
    const preloads = shellPreloadsFrom(manifest, (address) => files[address]);
    expect(preloads('/bangkok-city-marathon-2026')).toBe(
      [
        script('assets/_eventId-V.js'),
        script('assets/shared-S.js'),
        inlined('assets/_eventId-V.css', '.event-page{padding:8px}'),
        inlined('assets/shared-S.css', '.photo{aspect-ratio:1}'),
      ].join(''),
    );
  });

  it('preloads nothing for files (the precached /index.html), unknown shapes, or a build without a manifest', () => {
    const preloads = shellPreloadsFrom(manifest);
    for (const page of ['/index.html', '/x.js', '/a/b/c/d', '/download/x/y']) expect(preloads(page)).toBe('');
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-preloads-'));
    try {
      const fromDisk = shellPreloads(dist);
      expect(fromDisk('/')).toBe('');
      // Built after the server started: read on the next request.
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(fromDisk('/')).toBe(script('assets/routes-H.js'));
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
