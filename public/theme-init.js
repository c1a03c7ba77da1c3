// The stored or system theme before the first paint (src/features/shell/theme*.ts keeps it afterwards). A file,
// not an inline script: the Content-Security-Policy allows no inline script.
(() => {
  let layout = null;
  try {
    layout = localStorage.getItem('layoutVersion');
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
})();
