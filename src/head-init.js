// What must happen before the first paint, inlined into index.html by the build (vite.config.ts inlineHeadScript,
// with its hash for the Content-Security-Policy):
// - the stored or system theme (src/features/shell/theme*.ts keeps it afterwards);
// - the stored language's message catalog starts loading with the app's code, not after it (the build lists the
//   catalogs in <meta name="runfoto-catalogs">, vite.config.ts; src/lib/i18n.ts imports the same file).
(() => {
  let layout = null;
  let language = null;
  try {
    layout = localStorage.getItem('layoutVersion');
    language = localStorage.getItem('currentLanguage');
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
    const wanted = language === 'en' ? 'en' : 'th';
    const entry = catalogs.split(' ').find((item) => item.startsWith(`${wanted}=`));
    if (entry) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = entry.slice(wanted.length + 1);
      document.head.append(link);
    }
  } catch {}
})();
