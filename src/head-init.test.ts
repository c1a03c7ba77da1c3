// head-init.js as the page runs it before its first paint (the file itself, as the build inlines it): the device's
// language choice reaches the server by one reload when the server served the page in another language.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const code = fs.readFileSync(path.resolve('src/head-init.js'), 'utf8');

const CATALOGS = 'en=/assets/messages-en.js th=/assets/messages-th.js';

interface Run {
  reloads: number;
  stops: number;
}

/** Runs head-init.js on a page the server served in `served` (undefined: the service worker's shell). */
function runHeadInit(
  served: 'th' | 'en' | undefined,
  cookies: Pick<Document, 'cookie'> = document,
  href = 'http://localhost:3000/',
): Run {
  const html = document.documentElement;
  if (served) html.setAttribute('data-served-in', served);
  else html.removeAttribute('data-served-in');
  const run: Run = { reloads: 0, stops: 0 };
  const fakeLocation = {
    protocol: 'http:',
    href,
    reload: () => {
      run.reloads += 1;
    },
  };
  const fakeWindow = {
    stop: () => {
      run.stops += 1;
    },
  };
  // The page's globals, with a document whose cookie the test may replace.
  const page = new Proxy(document, {
    get: (target, key) => (key === 'cookie' ? cookies.cookie : Reflect.get(target, key, target)),
    set: (target, key, value) => {
      if (key !== 'cookie') return Reflect.set(target, key, value, target);
      cookies.cookie = value;
      return true;
    },
  });
  new Function('window', 'location', 'document', 'matchMedia', code)(fakeWindow, fakeLocation, page, () => ({
    matches: false,
  }));
  return run;
}

function setCookie(cookie: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: the page's own cookie, as head-init.js reads and writes it
  document.cookie = cookie;
}

const languageCookie = () => /(?:^|;\s*)currentLanguage=([^;]*)/.exec(document.cookie)?.[1];
const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href'));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  setCookie('currentLanguage=; max-age=0; path=/');
  document.head.innerHTML = `<meta name="runfoto-catalogs" content="${CATALOGS}">`;
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the device’s language choice and the server’s page', () => {
  it('English stored, no cookie, a Thai page: the cookie is written and the page asked again, before paint', () => {
    localStorage.setItem('currentLanguage', 'en');
    expect(runHeadInit('th')).toEqual({ reloads: 1, stops: 1 });
    expect(languageCookie()).toBe('en');
    // Nothing of the page to be replaced loads.
    expect(preloaded()).toEqual([]);
  });

  it('Thai stored, a page served in English (the browser asks for English): the same, for Thai', () => {
    localStorage.setItem('currentLanguage', 'th');
    expect(runHeadInit('en')).toEqual({ reloads: 1, stops: 1 });
    expect(languageCookie()).toBe('th');
  });

  it('asks again at most once for an address while the choice does not come through', () => {
    localStorage.setItem('currentLanguage', 'en');
    expect(runHeadInit('th').reloads).toBe(1);
    // The server still served Thai and the cookie is gone again (a browser that does not keep it): no loop.
    setCookie('currentLanguage=; max-age=0; path=/');
    expect(runHeadInit('th').reloads).toBe(0);
    // Both catalogs: the page's first language and the choice it switches to.
    expect(preloaded()).toEqual(['/assets/messages-th.js', '/assets/messages-en.js']);
    // Another address is asked again once.
    setCookie('currentLanguage=; max-age=0; path=/');
    expect(runHeadInit('th', document, 'http://localhost:3000/about').reloads).toBe(1);
  });

  it('asks again for the same address once the choice came through and was lost later', () => {
    localStorage.setItem('currentLanguage', 'en');
    expect(runHeadInit('th').reloads).toBe(1);
    expect(runHeadInit('en').reloads).toBe(0);
    setCookie('currentLanguage=; max-age=0; path=/');
    expect(runHeadInit('th').reloads).toBe(1);
  });

  it('never asks again when the cookie cannot be written (cookies blocked)', () => {
    localStorage.setItem('currentLanguage', 'en');
    const blocked = { cookie: '' };
    Object.defineProperty(blocked, 'cookie', { get: () => '', set: () => undefined });
    expect(runHeadInit('th', blocked).reloads).toBe(0);
  });

  it('never asks again when the server already had the choice in its cookie', () => {
    localStorage.setItem('currentLanguage', 'en');
    setCookie('currentLanguage=en; path=/');
    expect(runHeadInit('th').reloads).toBe(0);
  });

  it('leaves alone a page in the chosen language, a device with no choice, and the offline shell', () => {
    localStorage.setItem('currentLanguage', 'en');
    expect(runHeadInit('en').reloads).toBe(0);
    expect(preloaded()).toEqual(['/assets/messages-en.js']);
    expect(runHeadInit(undefined).reloads).toBe(0);
    localStorage.clear();
    document.head.innerHTML = `<meta name="runfoto-catalogs" content="${CATALOGS}">`;
    expect(runHeadInit('en').reloads).toBe(0);
    // No choice is made up for the visitor.
    expect(languageCookie()).toBeUndefined();
    expect(preloaded()).toEqual(['/assets/messages-en.js']);
  });

  it('asks nothing when storage is blocked', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(runHeadInit('th').reloads).toBe(0);
    expect(preloaded()).toEqual(['/assets/messages-th.js']);
  });
});

describe('the theme', () => {
  it('is dark when stored so', () => {
    localStorage.setItem('layoutVersion', 'dark-only');
    runHeadInit('th');
    expect(document.documentElement.dataset.theme).toBe('dark');
    delete document.documentElement.dataset.theme;
    document.documentElement.style.colorScheme = '';
  });
});
