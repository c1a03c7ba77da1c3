import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatBaht } from '../../lib/format';
import type { CartPrice } from './cart-pricing';
import type { CartKind } from './cart-types';

interface PriceTableProps {
  kind: CartKind;
  price: CartPrice;
  photoCount: number;
  /** The unlimited package is chosen: its price replaces the package prices. */
  mhaoChosen: boolean;
}

/**
 * SPEC §2/§9: full price, discount, total, fee, final payment. Units: baht in the standard cart, THB in the
 * wholesale cart, the event's currency in the manual cart (whose fee reads "Free fee" in English, 5% in Thai).
 * The wholesale and manual carts also show the average price per image.
 */
export function PriceTable({ kind, price, photoCount, mhaoChosen }: PriceTableProps) {
  const { t } = useLingui();
  const { summary } = price;
  const unit = kind === 'standard' ? t`บาท` : price.currency;
  const fee = kind === 'manual' ? t`ค่าธรรมเนียม 5%` : t`ค่าธรรมเนียมการชำระเงิน 5%`;
  const rows: Array<{ key: string; label: string; amount: string; strong?: boolean }> = [
    { key: 'full', label: t`ราคาเต็ม`, amount: summary.cart_full_amt },
    { key: 'discount', label: t`ส่วนลด`, amount: summary.cart_discount },
    { key: 'total', label: t`ราคารวม`, amount: summary.cart_total_amt },
    { key: 'fee', label: fee, amount: summary.cart_payment_fee },
    { key: 'final', label: t`ยอดชำระ`, amount: summary.cart_final_payment, strong: true },
  ];
  return (
    <section className="price-summary" aria-labelledby="price-summary-title">
      <h2 id="price-summary-title">
        <Trans>สรุปราคา</Trans>
      </h2>
      <p className="price-count">
        <Plural value={photoCount} one="จำนวน # ภาพ" other="จำนวน # ภาพ" />
        {mhaoChosen && (
          <span className="price-mhao">
            {' · '}
            <Trans>แพ็กเกจเหมาทุกภาพ</Trans>
          </span>
        )}
      </p>
      <table className="price-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.strong ? 'price-final' : undefined} data-row={row.key}>
              <th scope="row">{row.label}</th>
              <td>
                {formatBaht(row.amount)} {unit}
              </td>
            </tr>
          ))}
          {kind !== 'standard' && (
            <tr data-row="average">
              <th scope="row">
                <Trans>ราคาเฉลี่ยต่อภาพ</Trans>
              </th>
              <td>
                {formatBaht(price.average)} {unit}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {kind === 'wholesale' && (
        <p className="price-notice">
          <Plural value={photoCount} one="คุณจะได้รับภาพทั้งหมด # ภาพ" other="คุณจะได้รับภาพทั้งหมด # ภาพ" />
        </p>
      )}
    </section>
  );
}
