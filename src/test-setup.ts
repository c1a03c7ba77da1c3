import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
// findBy… and waitFor wait for a state, not a time: CI runs both projects at once on two cores, where a page's
// first live queries (IndexedDB) and effects after paint can take more than the default second.
configure({ asyncUtilTimeout: 4000 });
// A test file of this project may ask for the node environment (the service worker's fetch-side code, which needs
// fetch's own Request and FormData): there is no window to patch then.
if (typeof window !== 'undefined') {
  // jsdom has no layout: the router's scroll restoration calls this.
  window.scrollTo = () => undefined;
  // Nor scrollIntoView (the stage page scrolls its heading into view when the page changes).
  Element.prototype.scrollIntoView = () => undefined;
}
