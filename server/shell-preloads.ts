// The page's own code, preloaded with the shell. A route's component is split from the app's code
// (TanStack Router's autoCodeSplitting): without a hint the browser learns of it only once the app's code has run,
// one round trip late. The build's manifest (vite.config.ts build.manifest; Vite's back-end integration) says which
// chunks and styles each route file needs; the page address picks the route file by TanStack's file naming.
import fs from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

const ROUTE_KEY = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

interface RoutePattern {
  /** One entry per path segment: a literal, or undefined for a parameter ($name). */
  segments: (string | undefined)[];
  key: string;
}

/**
 * The address pattern of a route file name: dots separate segments, `$name` is a parameter, a trailing `_` only
 * un-nests the route (no segment), and `index` is the parent's own page. Undefined for files with no address.
 */
export function routePattern(fileName: string): RoutePattern['segments'] | undefined {
  if (fileName.startsWith('__')) return undefined;
  const parts = fileName.split('.').map((part) => part.replace(/_$/, ''));
  if (parts.at(-1) === 'index') parts.pop();
  if (parts.some((part) => part === '' || part.startsWith('_'))) return undefined;
  return parts.map((part) => (part.startsWith('$') ? undefined : part));
}

/** The most specific pattern (most literal segments) that `pathname` matches. */
function matchRoute(patterns: RoutePattern[], pathname: string): RoutePattern | undefined {
  const segments = pathname.split('/').filter(Boolean);
  // A file's address (/index.html, the copy the service worker answers every navigation with) is no page.
  if (segments.some((segment) => segment.includes('.'))) return undefined;
  let best: RoutePattern | undefined;
  let bestLiterals = -1;
  for (const pattern of patterns) {
    if (pattern.segments.length !== segments.length) continue;
    if (!pattern.segments.every((literal, i) => literal === undefined || literal === segments[i])) continue;
    const literals = pattern.segments.filter((literal) => literal !== undefined).length;
    if (literals > bestLiterals) {
      best = pattern;
      bestLiterals = literals;
    }
  }
  return best;
}

/** Every chunk `key` imports statically, itself included. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/** The `<link>` elements that preload a page's own code, from a build manifest. */
export function shellPreloadsFrom(manifest: Manifest): (pathname: string) => string {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const alreadyLoaded = new Set<string>();
  for (const key of entryKeys) staticClosure(manifest, key, alreadyLoaded);
  const patterns: RoutePattern[] = Object.keys(manifest).flatMap((key) => {
    const fileName = ROUTE_KEY.exec(key)?.[1];
    const segments = fileName === undefined ? undefined : routePattern(fileName);
    return segments ? [{ segments, key }] : [];
  });
  const cache = new Map<string, string>();
  const linksOf = (routeKey: string): string => {
    const keys = [...staticClosure(manifest, routeKey)].filter((key) => !alreadyLoaded.has(key));
    const scripts = keys.map((key) => manifest[key]?.file).filter((file) => file !== undefined);
    const styles = [...new Set(keys.flatMap((key) => manifest[key]?.css ?? []))];
    // Without JavaScript the route's styles are never applied by its code: a browser that runs no script applies
    // them from <noscript> instead, so the server's page is read as designed.
    const withoutScript = styles.length
      ? `<noscript>${styles.map((file) => `<link rel="stylesheet" href="/${file}">`).join('')}</noscript>`
      : '';
    return [
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
      withoutScript,
    ].join('');
  };
  return (pathname) => {
    const route = matchRoute(patterns, pathname);
    if (!route) return '';
    let links = cache.get(route.key);
    if (links === undefined) {
      links = linksOf(route.key);
      cache.set(route.key, links);
    }
    return links;
  };
}

/**
 * The preloads of the app built in `distDir`, its manifest read on first use (`npm start` may build after the
 * server is made); none for a build without a manifest.
 */
export function shellPreloads(distDir: string): (pathname: string) => string {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let preloads: ((pathname: string) => string) | undefined;
  return (pathname) => {
    if (!preloads) {
      if (!fs.existsSync(file)) return '';
      try {
        preloads = shellPreloadsFrom(JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest);
      } catch {
        preloads = () => '';
      }
    }
    return preloads(pathname);
  };
}
