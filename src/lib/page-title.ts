import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../core/constants';

export { PRODUCT_NAME };

/** Sets the document title of the current page; every route's page calls it (SPEC §2). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
