import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
// jsdom has no layout: the router's scroll restoration calls this.
window.scrollTo = () => undefined;
// Nor scrollIntoView (the stage page scrolls its heading into view when the page changes).
Element.prototype.scrollIntoView = () => undefined;
