import { useEffect } from 'react';

export const PRODUCT_NAME = 'RunFoto';

/** Sets the document title of the current page; every route's page calls it (SPEC §2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
