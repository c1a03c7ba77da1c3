// Owns the service worker's copy of the run-time settings (core/contract/settings.ts). The shell it answers page
// navigations with is the precached index.html, so the settings the server would have inlined come from here: the
// last good /app-settings.json, kept in a versioned runtime cache, fetched on install and activate and refreshed
// in the background on every navigation (stale-while-revalidate: the next page gets what this one fetched).
import type { RouteHandlerCallback } from 'workbox-core';
import { matchPrecache } from 'workbox-precaching';
import {
  APP_SETTINGS_PATH,
  type AppSettings,
  inlineAppSettings,
  parseAppSettingsJson,
} from '../core/contract/settings';

export interface SettingsKeeperDeps {
  /** The runtime cache the settings are kept in (caching.ts APP_SETTINGS_CACHE). */
  openCache: () => Promise<Pick<Cache, 'match' | 'put'>>;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Told the settings each time they are kept or read from the cache (the worker follows the storage place). */
  onSettings?: (settings: AppSettings) => void;
}

export interface SettingsKeeper {
  /** Fetches the settings and keeps them when the server gave valid ones; never rejects. */
  refresh(): Promise<AppSettings | undefined>;
  /** The kept settings, if any. */
  kept(): Promise<AppSettings | undefined>;
  /**
   * For one navigation: the kept settings at once while a fresh copy is fetched for the next one (whose promise
   * goes to `extend`, so the worker lives until it is kept); with nothing kept yet, the fresh copy itself.
   */
  forNavigation(extend: (work: Promise<unknown>) => void): Promise<AppSettings | undefined>;
}

const settingsOf = (text: string): AppSettings | undefined => {
  const { settings, problem } = parseAppSettingsJson(text);
  return problem ? undefined : settings;
};

export function settingsKeeper(deps: SettingsKeeperDeps): SettingsKeeper {
  async function fetchAndKeep(): Promise<AppSettings | undefined> {
    // no-store: a copy from the HTTP cache could be the very one this refresh is meant to replace.
    const response = await deps.fetch(APP_SETTINGS_PATH, { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return undefined;
    const text = await response.text();
    const settings = settingsOf(text);
    // An error page or a half-written answer must not replace good settings.
    if (!settings) return undefined;
    const cache = await deps.openCache();
    await cache.put(
      APP_SETTINGS_PATH,
      new Response(text, { headers: { 'content-type': 'application/json' } }),
    );
    deps.onSettings?.(settings);
    return settings;
  }

  const keeper: SettingsKeeper = {
    refresh: () => fetchAndKeep().catch(() => undefined),
    async kept() {
      const response = await (await deps.openCache()).match(APP_SETTINGS_PATH);
      const settings = response ? settingsOf(await response.text()) : undefined;
      if (settings) deps.onSettings?.(settings);
      return settings;
    },
    async forNavigation(extend) {
      const fresh = keeper.refresh();
      extend(fresh);
      return (await keeper.kept().catch(() => undefined)) ?? (await fresh);
    },
  };
  return keeper;
}

/**
 * The shell with these settings inlined. Without any (never fetched, and offline now) the shell stays as it was
 * precached: the server inlined the settings of install time into that copy already.
 */
export async function shellWithSettings(
  shell: Response,
  settings: AppSettings | undefined,
): Promise<Response> {
  if (!settings) return shell;
  // Fresh headers: the precached ones may describe the body as it came over the network (length, encoding).
  return new Response(inlineAppSettings(await shell.text(), settings), {
    status: shell.status,
    statusText: shell.statusText,
    headers: { 'content-type': 'text/html; charset=utf-8' },
  });
}

/** How long a navigation waits for the server's page before the precached shell answers it. */
export const PAGE_FROM_NETWORK_MOST_MS = 3000;

/**
 * The server's page for a navigation (its first screen rendered), or undefined when there is none to be
 * had soon: offline, no answer within `waitMs`, or a server error.
 */
export async function pageFromNetwork(
  request: Request,
  waitMs = PAGE_FROM_NETWORK_MOST_MS,
  fetchPage: typeof fetch = fetch,
  online = () => navigator.onLine,
): Promise<Response | undefined> {
  if (!online()) return undefined;
  try {
    // By its address (a navigation's own request cannot be sent again with a time limit), with the cookies that
    // name the visitor's language.
    const response = await fetchPage(request.url, {
      credentials: 'same-origin',
      headers: { accept: 'text/html' },
      signal: AbortSignal.timeout(waitMs),
    });
    // A 404 is a page too (the 404 page); a server error is not one to show, nor a redirect (a navigation takes
    // no redirected answer from a worker).
    return response.status < 500 &&
      !response.redirected &&
      response.headers.get('content-type')?.startsWith('text/html')
      ? response
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The navigation handler: the server's page when online (rendered, with the settings it inlines), else the
 * precached index.html with the kept settings (offline, or a server too slow to answer).
 */
export function appShellHandler(keeper: SettingsKeeper): RouteHandlerCallback {
  return async ({ event, request }) => {
    // Before any await, so waitUntil is surely called while the fetch event is still being handled.
    const settings = keeper.forNavigation((work) => event.waitUntil(work));
    const page = await pageFromNetwork(request);
    if (page) return page;
    const shell = await matchPrecache('/index.html');
    if (!shell) return fetch(request);
    return shellWithSettings(shell, await settings);
  };
}
