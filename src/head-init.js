// What must happen before the first paint, inlined into index.html by the build (vite.config.ts inlineHeadScript,
// with its hash for the Content-Security-Policy):
// - the device's language choice reaches the server: a page the server served in another language than the one
//   this device chose (its cookie lost: Safari drops a cookie written by script after 7 days; or never written)
//   gets the cookie and is asked again before anything is painted: only when the cookie could be written, at most
//   once for an address until the choice comes through (server/page-texts.ts reads the cookie, src/lib/i18n.ts
//   keeps it afterwards). Else the page hydrates in the language it was served in and main.tsx switches after;
// - the stored or system theme (src/features/shell/theme*.ts keeps it afterwards);
// - the message catalogs the page shows start loading with the app's code, not after it (the build lists them in
//   <meta name="runfoto-catalogs">, vite.config.ts; src/lib/i18n.ts imports the same files).
(() => {
  const COOKIE = 'currentLanguage';
  const RELOADED_FOR = 'languageReloadedFor';
  let layout = null;
  let choice = null;
  try {
    layout = localStorage.getItem('layoutVersion');
    const kept = localStorage.getItem(COOKIE);
    choice = kept === 'en' || kept === 'th' ? kept : null;
  } catch {}
  // The language the server chose for this page; none in the service worker's copy of the shell (offline).
  const servedIn = document.documentElement.getAttribute('data-served-in');
  const served = servedIn === 'en' || servedIn === 'th' ? servedIn : null;
  try {
    const cookieNow = () =>
      document.cookie
        .split(/;\s*/)
        .find((item) => item.startsWith(`${COOKIE}=`))
        ?.slice(COOKIE.length + 1);
    // At most once for an address while the choice does not come through (no loop if the server never gets it).
    const reload = `${choice} ${location.href}`;
    if (served && served === choice) sessionStorage.removeItem(RELOADED_FOR);
    else if (choice && served && cookieNow() !== choice && sessionStorage.getItem(RELOADED_FOR) !== reload) {
      const secure = location.protocol === 'https:' ? '; secure' : '';
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and not in every browser
      document.cookie = `${COOKIE}=${choice}; path=/; max-age=31536000; samesite=lax${secure}`;
      if (cookieNow() === choice) {
        sessionStorage.setItem(RELOADED_FOR, reload);
        // Nothing more of this page loads (nor its app code runs), nothing of it is painted: the server's page in
        // the chosen language replaces it.
        window.stop();
        location.reload();
        return;
      }
    }
  } catch {}
  try {
    if (
      layout === 'dark-only' ||
      (layout !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches)
    ) {
      document.documentElement.dataset.theme = 'dark';
      document.documentElement.style.colorScheme = 'dark';
    }
  } catch {}
  try {
    const catalogs = document.querySelector('meta[name="runfoto-catalogs"]')?.getAttribute('content') ?? '';
    // The page's first language (the server's, else the choice, else Thai), then the choice it switches to.
    const shown = [served ?? choice ?? 'th', choice ?? served ?? 'th'];
    for (const wanted of new Set(shown)) {
      const entry = catalogs.split(' ').find((item) => item.startsWith(`${wanted}=`));
      if (entry) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = entry.slice(wanted.length + 1);
        document.head.append(link);
      }
    }
  } catch {}
})();
