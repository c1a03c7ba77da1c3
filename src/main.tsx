import './fonts.css';
import './styles.css';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { getDefaultStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SERVED_LANGUAGE_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from '../core/first-screen';
import {
  activateLanguage,
  chosenLanguage,
  keepLanguageCookie,
  type Language,
  setLanguageWithoutChoice,
} from './lib/i18n';
import { LanguageAfterHydration } from './lib/language-after-hydration';
import { languageAtom } from './lib/state';
import { createAppRouter } from './router';

const router = createAppRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The server rendered this page's first screen (src/entry-server.tsx) in the language it names: the browser's
// first render must be the same one, so it loads the same data (the answers the page carries) and hydrates.
const renderedIn = root.getAttribute(SERVER_RENDERED_ATTRIBUTE);
const rendered = renderedIn === 'en' || renderedIn === 'th' ? renderedIn : undefined;
// The language the server chose for this visitor (server/page-texts.ts), on <html>; none in the service worker's
// copy of the shell (offline).
const servedIn = document.documentElement.getAttribute(SERVED_LANGUAGE_ATTRIBUTE);
const served = rendered ?? (servedIn === 'en' || servedIn === 'th' ? servedIn : undefined);
if (served) setLanguageWithoutChoice(served);
// The device's own choice, and the server's copy of it for the next page (head-init.js already reloaded this one
// when the server had no copy yet and cookies work).
const choice = chosenLanguage();
keepLanguageCookie(choice);
const first: Language = rendered ?? choice ?? served ?? 'th';
getDefaultStore().set(languageAtom, first);
await activateLanguage(first);

const app = (
  <StrictMode>
    {/* Before the pages: its effect runs before theirs, so a page with a language of its own switches last. */}
    <LanguageAfterHydration language={rendered && choice && choice !== rendered ? choice : undefined} />
    <Provider store={getDefaultStore()}>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </Provider>
  </StrictMode>
);
if (rendered) {
  // Rendered as the server did (it renders the matches without the browser's Suspense around them).
  router.ssr = { manifest: undefined };
  // The address with the search the routes give defaults to (home's ?page=1), as the server rendered it (and as
  // the router writes it out anyway once mounted).
  const here = router.history.location;
  const canonical = router.buildLocation({
    to: here.pathname,
    search: true,
    params: true,
    hash: true,
    state: true,
    _includeValidateSearch: true,
  });
  if (canonical.publicHref !== here.href) router.history.replace(canonical.publicHref, here.state);
  await router.load();
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
