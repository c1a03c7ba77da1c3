// Bundle size of the built PWA (run `npm run build` first): what a phone downloads before the first page shows
// (the entry script and the modules it imports statically), each first screen's own route code, and the service
// worker's precache.
// Prints one JSON line.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Manifest, staticClosure } from '../server/shell-preloads';
import { gzipShare } from './source-share';

const dist = path.resolve(process.argv[2] ?? 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1] as string);

const sizes = (files: string[]) => {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(dist, file.replace(/^\//, '')));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
};

const allJs = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const sw = fs.readFileSync(path.join(dist, 'sw.js'), 'utf8');
const precacheEntries = (sw.match(/\{url:"[^"]+",revision:/g) ?? sw.match(/"url":/g) ?? []).length;

/**
 * Each first screen's own code beyond the entry's, as the server preloads it with the shell (build manifest,
 * server/shell-preloads.ts): what must arrive before the route can render.
 */
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const closure = (key: string) => staticClosure(manifest, key);
const entryKeys = closure('index.html');
const routeFiles = { home: 'index', event: '$eventId', order: 'download.$q' };
const routeGzip = Object.fromEntries(
  Object.entries(routeFiles).map(([page, file]) => {
    const keys = [...closure(`src/routes/${file}.tsx?tsr-split=component`)].filter((k) => !entryKeys.has(k));
    return [page, sizes(keys.map((k) => manifest[k]?.file ?? '')).gzip];
  }),
);

const initialSizes = sizes(initial);
// Whose the first screen's code is (source maps beside the build): React and the other libraries, or ours.
const initialShare = gzipShare(initial.map((file) => path.join(dist, file.replace(/^\//, ''))));
const allSizes = sizes(allJs);
console.log(
  JSON.stringify({
    initial_js_files: initial.length,
    initial_js_bytes: initialSizes.raw,
    initial_js_gzip_bytes: initialSizes.gzip,
    initial_js_gzip_ours: initialShare.ours,
    initial_js_gzip_libraries: initialShare.libraries,
    all_js_bytes: allSizes.raw,
    all_js_gzip_bytes: allSizes.gzip,
    precache_entries: precacheEntries,
    route_js_gzip_bytes: routeGzip,
  }),
);
