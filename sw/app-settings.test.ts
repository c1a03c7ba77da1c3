import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AppSettings, appSettingsDefaults, inlineAppSettings } from '../core/contract/settings';
import { pageFromNetwork, type SettingsKeeperDeps, settingsKeeper, shellWithSettings } from './app-settings';
import { APP_SETTINGS_CACHE, deleteOldRuntimeCaches, IMAGE_CACHE } from './caching';

const settingsWith = (appToken: string): AppSettings => ({
  ...appSettingsDefaults,
  appToken,
  support: { email: 'help@runfoto.example' },
});

/** A Cache that keeps bodies as text, as the service worker's runtime cache keeps them. */
function memoryCache() {
  const entries = new Map<string, string>();
  return {
    entries,
    cache: {
      async match(key: RequestInfo | URL) {
        const text = entries.get(String(key));
        return text === undefined ? undefined : new Response(text);
      },
      async put(key: RequestInfo | URL, response: Response) {
        entries.set(String(key), await response.text());
      },
    } as Pick<Cache, 'match' | 'put'>,
  };
}

/** A keeper over a memory cache and a server whose next answers the test sets. */
function keeperWith(answer: () => Promise<Response>) {
  const { entries, cache } = memoryCache();
  const fetch = vi.fn<SettingsKeeperDeps['fetch']>(answer);
  return { entries, fetch, keeper: settingsKeeper({ openCache: async () => cache, fetch }) };
}

const json = (settings: AppSettings) => async () => new Response(JSON.stringify(settings), { status: 200 });

describe('the kept settings', () => {
  it('are fetched from /app-settings.json, bypassing the HTTP cache, and kept', async () => {
    const { keeper, fetch } = keeperWith(json(settingsWith('first')));
    expect(await keeper.kept()).toBeUndefined();
    expect(await keeper.refresh()).toEqual(settingsWith('first'));
    expect(fetch).toHaveBeenCalledWith('/app-settings.json', expect.objectContaining({ cache: 'no-store' }));
    expect(await keeper.kept()).toEqual(settingsWith('first'));
  });

  it('tell the worker each time they are kept or read back (it follows where the images are)', async () => {
    const { cache } = memoryCache();
    const told: string[] = [];
    const bucket = { ...settingsWith('first'), storageBase: 'https://cdn.example/bucket' };
    const keeper = settingsKeeper({
      openCache: async () => cache,
      fetch: async () => new Response(JSON.stringify(bucket)),
      onSettings: (settings) => told.push(settings.storageBase),
    });
    await keeper.kept();
    expect(told).toEqual([]);
    await keeper.refresh();
    await keeper.kept();
    expect(told).toEqual(['https://cdn.example/bucket', 'https://cdn.example/bucket']);
  });

  it('are not replaced by an error page, broken JSON or a lost connection', async () => {
    let next: () => Promise<Response> = json(settingsWith('good'));
    const { keeper } = keeperWith(() => next());
    await keeper.refresh();
    for (const bad of [
      async () => new Response('<!doctype html><title>502</title>', { status: 502 }),
      async () => new Response('<!doctype html><title>shell</title>', { status: 200 }),
      async () => new Response('{"appToken":', { status: 200 }),
      async () => new Response('{"paymentGateway":"paypal"}', { status: 200 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      next = bad;
      await expect(keeper.refresh()).resolves.toBeUndefined();
      expect(await keeper.kept()).toEqual(settingsWith('good'));
    }
  });

  it('serve a navigation at once and are refreshed for the next one (stale-while-revalidate)', async () => {
    let next = json(settingsWith('old'));
    const { keeper } = keeperWith(() => next());
    await keeper.refresh();
    next = json(settingsWith('new'));
    const extended: Promise<unknown>[] = [];
    expect(await keeper.forNavigation((work) => extended.push(work))).toEqual(settingsWith('old'));
    expect(extended).toHaveLength(1);
    await Promise.all(extended);
    expect(await keeper.forNavigation(() => undefined)).toEqual(settingsWith('new'));
  });

  it('with nothing kept yet, a navigation waits for the fresh copy; offline it gets none', async () => {
    expect(await keeperWith(json(settingsWith('fresh'))).keeper.forNavigation(() => undefined)).toEqual(
      settingsWith('fresh'),
    );
    const offline = keeperWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await offline.keeper.forNavigation(() => undefined)).toBeUndefined();
  });
});

describe('the shell a navigation gets', () => {
  const BUILT = '<!doctype html><html><head><!--app-settings--><title>RunFoto</title></head></html>';
  const tokenIn = async (response: Response) =>
    JSON.parse(
      /<script id="app-settings" type="application\/json">([^<]*)<\/script>/.exec(
        await response.text(),
      )?.[1] ?? '',
    ).appToken;

  it('is the precached index.html with the kept settings in place of the marker', async () => {
    const shell = new Response(BUILT, { headers: { 'content-type': 'text/html', 'content-length': '80' } });
    const answer = await shellWithSettings(shell, settingsWith('kept-</script>'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(answer.headers.get('content-length')).toBeNull();
    expect(await tokenIn(answer)).toBe('kept-</script>');
  });

  it('replaces the settings the server inlined into the copy precached at install', async () => {
    const precached = new Response(inlineAppSettings(BUILT, settingsWith('install-time')));
    const answer = await shellWithSettings(precached, settingsWith('kept'));
    expect(await tokenIn(answer.clone())).toBe('kept');
    expect((await answer.text()).match(/<script/g)).toHaveLength(1);
  });

  it('stays as precached when no settings were ever kept', async () => {
    const precached = new Response(inlineAppSettings(BUILT, settingsWith('install-time')));
    expect(await tokenIn(await shellWithSettings(precached, undefined))).toBe('install-time');
  });
});

describe('old runtime caches', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are deleted, the settings cache of an earlier version included; current and foreign ones stay', async () => {
    const names = [IMAGE_CACHE, APP_SETTINGS_CACHE, 'images-v0', 'app-settings-v0', 'workbox-precache-v2-x'];
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => names,
      delete: async (name: string) => deleted.push(name) > 0,
    });
    await deleteOldRuntimeCaches();
    expect(deleted.sort()).toEqual(['app-settings-v0', 'images-v0']);
  });
});

describe('the server’s page for a navigation', () => {
  const request = new Request('https://shop.example/run-1');
  const html = (status: number) =>
    new Response('<!doctype html><div id="root" data-rendered="th">…</div>', {
      status,
      headers: { 'content-type': 'text/html; charset=UTF-8' },
    });

  it('is the server’s answer when online: a page or the 404 page, asked by address with the cookies', async () => {
    const fetchPage = vi.fn(async () => html(200));
    expect((await pageFromNetwork(request, 1000, fetchPage as typeof fetch, () => true))?.status).toBe(200);
    expect(fetchPage).toHaveBeenCalledWith(
      'https://shop.example/run-1',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    const notFound = vi.fn(async () => html(404));
    expect((await pageFromNetwork(request, 1000, notFound as typeof fetch, () => true))?.status).toBe(404);
  });

  it('is none offline, on a server error, a failed or too slow answer: the precached shell answers then', async () => {
    const never = vi.fn(async () => html(200));
    expect(await pageFromNetwork(request, 1000, never as typeof fetch, () => false)).toBeUndefined();
    expect(never).not.toHaveBeenCalled();
    const failing = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await pageFromNetwork(request, 1000, failing as typeof fetch, () => true)).toBeUndefined();
    const broken = async () => html(502);
    expect(await pageFromNetwork(request, 1000, broken as typeof fetch, () => true)).toBeUndefined();
    const slow = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError'))),
      );
    expect(await pageFromNetwork(request, 50, slow as typeof fetch, () => true)).toBeUndefined();
  });
});
