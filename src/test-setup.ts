import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/preact';
import { options } from 'preact';
import { afterEach } from 'vitest';

afterEach(cleanup);
// findBy… and waitFor wait for a state, not a time: CI runs both projects at once on two cores, where a page's
// first live queries (IndexedDB) and effects after paint can take more than the default second.
configure({ asyncUtilTimeout: 4000 });
// Effects run after paint: Preact waits for an animation frame, with a 100 ms timer beside it that calls
// cancelAnimationFrame. jsdom has no paint, and a file's environment can be torn down while that timer waits, so a
// render in a file's last moments threw "cancelAnimationFrame is not defined". In tests the "frame" is the next task.
options.requestAnimationFrame = (callback) => setTimeout(callback, 0);
// A test file of this project may ask for the node environment (the service worker's fetch-side code, which needs
// fetch's own Request and FormData): there is no window to patch then.
if (typeof window !== 'undefined') {
  // jsdom has no layout: the router's scroll restoration calls this.
  window.scrollTo = () => undefined;
  // Nor scrollIntoView (the stage page scrolls its heading into view when the page changes).
  Element.prototype.scrollIntoView = () => undefined;
}
