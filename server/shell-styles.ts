// The first screen's styles go inside the app shell: as files they were two render-blocking requests
// before the first paint. Each built <link rel="stylesheet"> becomes a <style> with the file's text, and the link
// stays, disabled: a disabled stylesheet is not fetched, and Vite's preload helper (which loads a lazy chunk's CSS
// unless a stylesheet link with its address is in the page) sees the file as present, so it is not loaded twice.
// The service worker precaches this same shell (/index.html), so an installed app's pages start the same way.
import fs from 'node:fs';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * The shell with its built stylesheets inlined. `readAsset` gives a file's text by its address (undefined: that
 * link stays as it was, so a missing or unreadable file costs a request, never the styles).
 */
export function inlineShellStyles(html: string, readAsset: (address: string) => string | undefined): string {
  return html.replace(STYLESHEET_LINK, (link, address: string) => {
    const css = readAsset(address);
    // A stylesheet that could close the element is left as a file.
    if (css === undefined || /<\/style/i.test(css)) return link;
    return `<style>${css}</style>${link.replace(/>$/, ' disabled>')}`;
  });
}

/** Reads a built asset of `distDir` by its address (/assets/…), or undefined. */
export const distAssetReader =
  (distDir: string) =>
  (address: string): string | undefined => {
    try {
      return fs.readFileSync(path.join(distDir, address), 'utf8');
    } catch {
      return undefined;
    }
  };
