// The page's origin ("https://shop.example"): the browser's own, or on the server (src/entry-server.tsx) the one
// the page was asked at, so an address written into a page (the QR page's) is the same on both.
let serverOrigin = '';

/** On the server, before each page's render. */
export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

export const pageOrigin = (): string =>
  typeof window === 'undefined' ? serverOrigin : window.location.origin;
