// The server's renderer of a page's first screen (issue 34), built by Vite into {dist}/ssr/entry-server.js and
// called by server/page-render.ts: the same router, routes and components as the browser, the loaders answered
// from the first screen's answers (the ones the page carries, so the browser's first render is the same), the
// visitor's language, React's streaming renderer. The browser hydrates what this renders (main.tsx).
import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { RouterServer } from '@tanstack/react-router/ssr/server';
import { getDefaultStore } from 'jotai';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { Language } from '../core/constants';
import { setServerAnswers } from './lib/api/first-screen';
import { LanguageAfterHydration } from './lib/language-after-hydration';
import { setServerOrigin } from './lib/page-origin';
import { languageAtom } from './lib/state';
import { messages as englishMessages } from './locales/en/messages.po';
import { messages as thaiMessages } from './locales/th/messages.po';
import { type AppRouter, createAppRouter } from './router';

const CATALOGS: Record<Language, Messages> = { th: thaiMessages, en: englishMessages };

export interface RenderRequest {
  /** The page's path and query, as asked. */
  url: string;
  language: Language;
  /** The first screen's answers, keyed as the client asks (core/first-screen.ts). */
  answers: Record<string, unknown>;
  /** The origin the page was asked at ("https://shop.example"). */
  origin: string;
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** The first screen's HTML, to go inside #root, as a stream. */
  body: ReadableStream<Uint8Array>;
  /** Resolves when all of it is rendered: the next page may render then (Lingui's i18n is one per process). */
  done: Promise<void>;
}

async function loadedRouter(url: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  return router;
}

/** Where the server's load of the router ended in a redirect (the router keeps it aside on the server). */
function redirectedTo(router: AppRouter): string | undefined {
  const result = (
    router as unknown as {
      _serverResult?: { type: string; redirect?: Response & { options?: { href?: string } } };
    }
  )._serverResult;
  if (result?.type !== 'redirect') return undefined;
  return result.redirect?.options?.href ?? result.redirect?.headers.get('Location') ?? '/';
}

/**
 * The matches the page shows: all of them, or up to the one whose not-found page stands in for the rest (an
 * address no route has: the root's 404 page, the rest never loaded).
 */
function shownMatches(router: AppRouter) {
  const { matches } = router.state;
  const boundary = matches.findIndex((match) => (match as { _notFound?: boolean })._notFound);
  return boundary < 0 ? matches : matches.slice(0, boundary + 1);
}

/**
 * The first screen of `request.url`, or undefined when it is not one the server can render as the browser would
 * (a loader that needed more than the answers, a redirect): the browser then renders it itself, as before.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | undefined> {
  setServerAnswers(request.answers);
  setServerOrigin(request.origin);
  i18n.loadAndActivate({ locale: request.language, messages: CATALOGS[request.language] });
  getDefaultStore().set(languageAtom, request.language);
  let router = await loadedRouter(request.url);
  // A search the routes give defaults to (home's ?page=1) is written out, as the browser's router does too.
  const canonical = redirectedTo(router);
  if (
    canonical &&
    new URL(canonical, 'http://page.invalid').pathname ===
      new URL(request.url, 'http://page.invalid').pathname
  )
    router = await loadedRouter(canonical);
  const { location } = router.state;
  const asked = new URL(request.url, 'http://page.invalid');
  const matches = shownMatches(router);
  if (
    redirectedTo(router) ||
    matches.length === 0 ||
    location.pathname !== asked.pathname ||
    matches.some((match) => match.status !== 'success')
  )
    return undefined;
  const body = await renderToReadableStream(
    <StrictMode>
      {/* The same tree as the browser's (main.tsx), so useId's ids match when it hydrates. */}
      <LanguageAfterHydration />
      <I18nProvider i18n={i18n}>
        <RouterServer router={router} />
      </I18nProvider>
    </StrictMode>,
    {
      signal: request.signal,
      // Every part in its place, however large: no part is sent later with an inline script to swap it in (the
      // page's Content-Security-Policy allows no inline script but head-init.js).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) =>
        console.error(`rendering ${request.url}: ${error instanceof Error ? error.stack : String(error)}`),
    },
  );
  return { body, done: body.allReady.then(() => undefined) };
}
