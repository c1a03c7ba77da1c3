// The event-variant buttons under the results (SPEC §2 Event page, Wholesale page): which ones an event shows, and
// the buy-all price per photo.
import type { EventDetail } from '../../../core/contract/events';
import { averagePricePerPhoto } from '../../../core/pricing';

export type PanelVariant = 'event' | 'wholesale';

type VariantEvent = Pick<
  EventDetail,
  'is_free_download' | 'is_free_download_keep_contract' | 'is_mhao' | 'mhao_price'
>;

export interface ResultButtons {
  /** Free-download events: open every photo. */
  downloadAll: boolean;
  /** Free-download-keep-contract events: put every result in the cart. */
  addAll: boolean;
  /**
   * The unlimited package's fixed price when buy-all shows under the results (mhao event page), else null. The
   * wholesale page has its own buy-all-from-all-photographers button (src/features/wholesale), always on the page.
   */
  buyAllPrice: string | null;
}

export function resultButtons(event: VariantEvent, variant: PanelVariant): ResultButtons {
  const free = event.is_free_download === 'Y';
  const buyAllPrice = !free && variant === 'event' && event.is_mhao === 'Y' ? event.mhao_price : null;
  return {
    downloadAll: free,
    addAll: !free && event.is_free_download_keep_contract === 'Y',
    buyAllPrice,
  };
}

/** The buy-all caption's average: the package price over the photos found, 2 decimals (SPEC §9). */
export const buyAllAverage = (price: string, count: number): string => averagePricePerPhoto(price, count);
