// What a page's render knows of the request it answers: the answers the page carried for its first screen and the
// origin it was asked at. The browser has one, its own; the server makes one per render (src/entry-server.tsx) and
// hands it through the router's context, to the loaders and to the components (usePageRequest), so no render reads
// another's and renders may overlap.
import { useRouter } from '@tanstack/react-router';
import { CarriedAnswers, documentAnswers } from './api/first-screen';

export interface PageRequest {
  carried: CarriedAnswers;
  /** "https://shop.example": the browser's own, or on the server the one the page was asked at. */
  origin: string;
}

/** The router's context (src/routes/__root.tsx). */
export interface RouterContext {
  page: PageRequest;
}

/** The browser's page, or outside a browser one that carried nothing. */
export function browserPageRequest(): PageRequest {
  return {
    carried: documentAnswers(),
    origin: typeof window === 'undefined' ? '' : window.location.origin,
  };
}

/** A server render's page. */
export const serverPageRequest = (answers: Record<string, unknown>, origin: string): PageRequest => ({
  carried: new CarriedAnswers(answers),
  origin,
});

/** The page request of the router rendering this component (the browser's when it was made without one). */
export function usePageRequest(): PageRequest {
  // No router (a component tested on its own): the browser's page.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  return (router?.options.context as Partial<RouterContext> | undefined)?.page ?? browserPageRequest();
}
