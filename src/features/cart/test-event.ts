// A priced event for cart tests: the demo's standard packages, nothing unlimited, not free.
import type { PricedEvent } from './cart-pricing';

export const standardPackages = [
  { name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60.00' },
  { name: '5 ภาพ', name_en: '5 photos', number_of_photo: 5, price: '250.00' },
  { name: '10 ภาพ', name_en: '10 photos', number_of_photo: 10, price: '450.00' },
  { name: '20 ภาพ', name_en: '20 photos', number_of_photo: 20, price: '800.00' },
];

export function pricedEvent(over: Partial<PricedEvent> = {}): PricedEvent {
  return {
    package: standardPackages,
    is_mhao: 'N',
    mhao_price: '0.00',
    is_mhao_hybrid: 'N',
    hybrid_mhao_price: '0.00',
    is_free_download: 'N',
    is_free_download_keep_contract: 'N',
    payment_currency: 'THB',
    ...over,
  };
}
