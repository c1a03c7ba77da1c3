// The find-order form's rules (SPEC §5): the input is required, a mobile number has 10 to 15 digits, a receipt
// exactly the last 4 characters of the transfer slip. (The radio choice is required too: the page always has one
// chosen, mobile by default and after Reset.) Pure, so the page and its tests share one place for them.
import { FIND_ORDER_MOBILE_MAX, FIND_ORDER_RECEIPT_LENGTH } from '../../../core/constants';
import { type FindOrderFilter, isValidFindOrderQuery } from '../../../core/rules';

export type FindOrderProblem = 'required' | 'mobile-length' | 'receipt-length';

/** What the buyer typed, as it is sent: digits only for a mobile number, letters and digits for a receipt. */
export function cleanFindOrderInput(filter: FindOrderFilter, raw: string): string {
  if (filter === 'mobile') return raw.replace(/\D/g, '').slice(0, FIND_ORDER_MOBILE_MAX);
  return raw
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, FIND_ORDER_RECEIPT_LENGTH)
    .toUpperCase();
}

export function findOrderProblem(filter: FindOrderFilter, text: string): FindOrderProblem | undefined {
  if (text === '') return 'required';
  if (isValidFindOrderQuery(filter, text)) return undefined;
  return filter === 'mobile' ? 'mobile-length' : 'receipt-length';
}
