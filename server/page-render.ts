// The first screen rendered on the server: the PWA's own server renderer (src/entry-server.tsx, built
// into {dist}/ssr by `npm run build`) renders the page's React tree from the first screen's answers, in the
// visitor's language, and its HTML streams into the shell's #root, which the browser then hydrates (src/main.tsx).
// Renders overlap: each has its own router, answers, origin, Lingui instance and jotai store.
// Whatever fails (no renderer built, a page it cannot render as the browser would, an error, a render over its
// time) sends the shell without it, and the browser renders the page itself.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AppSettings, SERVER_SETTINGS_GLOBAL } from '../core/contract/settings';
import { SERVER_RENDERED_ATTRIBUTE } from '../core/first-screen';
import { SERVER_RENDERER } from './build-freshness';
import { log } from './ops/log';
import { loggedPath } from './ops/request-log';
import type { PageLanguage } from './page-texts';

/** What src/entry-server.tsx exports. */
interface ServerRenderer {
  renderPage(request: {
    url: string;
    language: PageLanguage;
    answers: Record<string, unknown>;
    origin: string;
    signal?: AbortSignal;
  }): Promise<{ body: ReadableStream<Uint8Array>; done: Promise<void> } | undefined>;
}

/** A page renders in a few milliseconds; one that takes this long is given up (the shell goes instead). */
export const RENDER_MOST_MS = 3_000;
const ROOT = '<div id="root"></div>';

export interface PageToRender {
  url: string;
  language: PageLanguage;
  answers: Record<string, unknown>;
  /** The store's public origin: its own address (services/own-address.ts). */
  origin: string;
}

/** The shell with the page's first screen rendered into its #root (and React's preloads in its head). */
export type RenderPage = (shell: string, page: PageToRender) => Promise<string | undefined>;

/** The renderer of `distDir`'s build, loaded on first use; undefined answers mean "send the shell". */
export function pageRenderer(distDir: string, settings: AppSettings): RenderPage {
  let loaded: Promise<ServerRenderer | undefined> | undefined;
  const load = () => {
    loaded ??= (async () => {
      (globalThis as Record<string, unknown>)[SERVER_SETTINGS_GLOBAL] = settings;
      const file = path.join(distDir, SERVER_RENDERER);
      // A build without it (an API-only store, an older build): pages go as the shell, as before.
      if (!existsSync(file)) return undefined;
      try {
        return (await import(pathToFileURL(file).href)) as ServerRenderer;
      } catch (error) {
        log.error(`pages are not rendered on the server: ${file} does not load`, { err: error });
        return undefined;
      }
    })();
    return loaded;
  };
  return async (shell, page) => {
    const at = shell.indexOf(ROOT);
    if (at < 0) return undefined;
    const renderer = await load();
    if (!renderer) return undefined;
    const signal = AbortSignal.timeout(RENDER_MOST_MS);
    const render = async () => {
      const rendered = await renderer.renderPage({ ...page, signal });
      // All of it before the first byte: React then writes each part in place, with none of the inline scripts
      // that swap late parts in (the page's Content-Security-Policy allows no inline script but head-init.js).
      if (rendered)
        await Promise.race([rendered.done, new Promise((r) => signal.addEventListener('abort', r))]);
      return signal.aborted ? undefined : rendered;
    };
    const rendered = await render().catch((error: unknown) => {
      log.error('rendering a page failed', { path: loggedPath(page.url), err: error });
      return undefined;
    });
    if (!rendered) return undefined;
    // React writes what it hoists (preloads of the first images) before the page: those go into the head.
    const reader = rendered.body.getReader();
    const decoder = new TextDecoder();
    let first = '';
    let next = await reader.read();
    while (!next.done) {
      first += decoder.decode(next.value, { stream: true });
      next = await reader.read();
    }
    first += decoder.decode();
    const hoisted = /^(?:<link [^>]*>)*/.exec(first)?.[0] ?? '';
    const body = first.slice(hoisted.length);
    const headEnd = shell.lastIndexOf('</head>', at);
    const withHoisted =
      headEnd < 0 ? shell.slice(0, at) : `${shell.slice(0, headEnd)}${hoisted}${shell.slice(headEnd, at)}`;
    return `${withHoisted}<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="${page.language}">${body}</div>${shell.slice(at + ROOT.length)}`;
  };
}
