// The server's renderer of a page's first screen, built by Vite into {dist}/ssr/entry-server.js and
// called by server/page-render.ts: the same router, routes and components as the browser, the loaders answered
// from the first screen's answers (the ones the page carries, so the browser's first render is the same), the
// visitor's language, React's streaming renderer. The browser hydrates what this renders (main.tsx).
import { type Messages, setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory } from '@tanstack/react-router';
import { RouterServer } from '@tanstack/react-router/ssr/server';
import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { Language } from '../core/constants';
import { LanguageAfterHydration } from './lib/language-after-hydration';
import { type PageRequest, serverPageRequest } from './lib/page-request';
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
  /** Resolves when all of it is rendered. */
  done: Promise<void>;
}

const routerFor = (url: string, page: PageRequest) =>
  createAppRouter(createMemoryHistory({ initialEntries: [url] }), page);

/**
 * The address as the routes write it out (home's ?page=1, the defaults their search gives), which the router would
 * otherwise redirect to: the server renders that one, as the browser's router writes it out anyway once mounted.
 */
function canonicalHref(router: AppRouter): string {
  const location = router.latestLocation;
  const leaf = router.matchRoutes(location).at(-1);
  return router.buildLocation({
    to: location.pathname,
    search: leaf?.search ?? {},
    params: leaf?.params ?? {},
  } as Parameters<AppRouter['buildLocation']>[0]).href;
}

/**
 * The matches the page shows: those the load reached. An address no route has stops at the root, whose not-found
 * page stands in for the rest (never loaded).
 */
function shownMatches(router: AppRouter) {
  const { matches } = router.state;
  const unloaded = matches.findIndex((match) => match.status === 'pending');
  return unloaded < 0 ? matches : matches.slice(0, unloaded);
}

/**
 * The first screen of `request.url`, or undefined when it is not one the server can render as the browser would
 * (a loader that needed more than the answers, a redirect): the browser then renders it itself, as before.
 */
export async function renderPage(request: RenderRequest): Promise<RenderedPage | undefined> {
  // This render's own: its answers and origin (through the router's context), its Lingui instance and its jotai
  // store. Nothing process-wide is written, so renders overlap.
  const page = serverPageRequest(request.answers, request.origin);
  const i18n = setupI18n({
    locale: request.language,
    messages: { [request.language]: CATALOGS[request.language] },
  });
  const store = createStore();
  store.set(languageAtom, request.language);
  let router = routerFor(request.url, page);
  const canonical = canonicalHref(router);
  if (canonical !== router.latestLocation.href) {
    if (
      new URL(canonical, 'http://page.invalid').pathname !==
      new URL(request.url, 'http://page.invalid').pathname
    )
      return undefined;
    router = routerFor(canonical, page);
  }
  await router.load();
  const { location, resolvedLocation } = router.state;
  const asked = new URL(request.url, 'http://page.invalid');
  const matches = shownMatches(router);
  if (
    // A loader's redirect (an unknown event goes to /404): the router resolved no page.
    !resolvedLocation ||
    matches.length === 0 ||
    location.pathname !== asked.pathname ||
    matches.some((match) => match.status !== 'success')
  )
    return undefined;
  const body = await renderToReadableStream(
    <StrictMode>
      {/* The same tree as the browser's (main.tsx), so useId's ids match when it hydrates. */}
      <LanguageAfterHydration />
      <Provider store={store}>
        <I18nProvider i18n={i18n}>
          <RouterServer router={router} />
        </I18nProvider>
      </Provider>
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
