// The page's own code, preloaded with the shell, and its own styles, in it. A route's component is split from the
// app's code (TanStack Router's autoCodeSplitting): without a hint the browser learns of it only once the app's code
// has run, one round trip late. The build's manifest (vite.config.ts build.manifest; Vite's back-end integration)
// says which chunks and styles each route file needs; the page address picks the route file by TanStack's file
// naming. The route's styles are inlined like the shell's (shell-styles.ts): the server's page is painted as
// designed from its first frame, with or without script, where a style the route's code applied later moved the
// whole page when it came (a layout shift of 0.34 on a paid order's page on a throttled phone).
import fs from 'node:fs';
import path from 'node:path';
import { distAssetReader, inlineShellStyles } from './shell-styles';

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

/**
 * The `<link>` elements that preload a page's own code and the `<style>` elements of its own styles, from a build
 * manifest; `readAsset` gives a style file's text by its address (a file it cannot read stays a render-blocking
 * stylesheet link).
 */
export function shellPreloadsFrom(
  manifest: Manifest,
  readAsset: (address: string) => string | undefined = () => undefined,
): (pathname: string) => string {
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
    const stylesheets = styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
    return [
      ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      inlineShellStyles(stylesheets, readAsset),
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
 * The preloads and styles of the app built in `distDir`, its manifest read on first use (`npm start` may build
 * after the server is made); none for a build without a manifest.
 */
export function shellPreloads(distDir: string): (pathname: string) => string {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let preloads: ((pathname: string) => string) | undefined;
  return (pathname) => {
    if (!preloads) {
      if (!fs.existsSync(file)) return '';
      try {
        preloads = shellPreloadsFrom(
          JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest,
          distAssetReader(distDir),
        );
      } catch {
        preloads = () => '';
      }
    }
    return preloads(pathname);
  };
}
