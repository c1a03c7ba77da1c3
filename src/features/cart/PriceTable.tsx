import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { PAYMENT_FEE_RATE } from '../../../core/constants';
import { formatBaht } from '../../../core/format';
import { BundleCompare } from './BundleCompare';
import {
  type CartPrice,
  cheaperWithoutBundle,
  type PriceRow,
  type PriceRule,
  priceRows,
  type TierPart,
} from './cart-pricing';
import type { CartKind } from './cart-types';

interface PriceTableProps {
  kind: CartKind;
  price: CartPrice;
  rule: PriceRule;
  photoCount: number;
  /** The unlimited package is chosen: its price replaces the package prices. */
  mhaoChosen: boolean;
  /** Goes back to the tier prices (cancels the chosen package), offered when they cost less. */
  onCancelBundle?: () => void;
}

/**
 * SPEC §2/§9: full price, discount, total, fee, final payment, in rows that add up (priceRows), with the price rule
 * that applies said under them. Money is written one way (formatBaht: "฿1,234.00"), in the event's currency in the
 * manual cart; the fee row is named for what it is, the same in every cart. The wholesale and manual carts also
 * show the average price per image.
 */
export function PriceTable({ kind, price, rule, photoCount, mhaoChosen, onCancelBundle }: PriceTableProps) {
  const { t } = useLingui();
  const money = (amount: string) => formatBaht(amount, price.currency);
  const feePercent = Math.round(PAYMENT_FEE_RATE * 100);
  const fee = t`ค่าธรรมเนียมการชำระเงิน ${feePercent}%`;
  const label = (row: PriceRow): string => {
    if (row.key === 'full') return t`ราคาเต็ม`;
    if (row.key === 'discount') return t`ส่วนลด`;
    if (row.key === 'total') return t`ราคารวม`;
    if (row.key === 'fee') return fee;
    return t`ยอดชำระ`;
  };
  const cheaper = cheaperWithoutBundle(price, mhaoChosen);
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
          {priceRows(price).map((row) => (
            <tr key={row.key} className={row.key === 'final' ? 'price-final' : undefined} data-row={row.key}>
              <th scope="row">{label(row)}</th>
              <td>{money(row.amount)}</td>
            </tr>
          ))}
          {kind !== 'standard' && (
            <tr data-row="average">
              <th scope="row">
                <Trans>ราคาเฉลี่ยต่อภาพ</Trans>
              </th>
              <td>{money(price.average)}</td>
            </tr>
          )}
        </tbody>
      </table>
      <p className="price-rule" data-rule={rule.kind}>
        <RuleText rule={rule} money={money} />
      </p>
      {cheaper !== undefined && onCancelBundle && (
        <BundleCompare
          comparison={{ bundle: price.summary.cart_total_amt, tiers: cheaper, cheaper: 'tiers' }}
          count={photoCount}
          onBuyAtTierPrices={onCancelBundle}
        />
      )}
      {kind === 'wholesale' && (
        <p className="price-notice">
          <Plural value={photoCount} one="คุณจะได้รับภาพทั้งหมด # ภาพ" other="คุณจะได้รับภาพทั้งหมด # ภาพ" />
        </p>
      )}
    </section>
  );
}

/** Which price the cart is charged: free, the unlimited package (chosen or cheaper), or the tier packages. */
function RuleText({ rule, money }: { rule: PriceRule; money: (amount: string) => string }) {
  const { t } = useLingui();
  if (rule.kind === 'free') return <Trans>ราคาที่ใช้: ดาวน์โหลดฟรี</Trans>;
  if (rule.kind === 'bundle') {
    const price = money(rule.price);
    return rule.chosen ? (
      <Trans>ราคาที่ใช้: แพ็กเกจเหมาทุกภาพ {price}</Trans>
    ) : (
      <Trans>ราคาที่ใช้: แพ็กเกจเหมาทุกภาพ {price} (ถูกกว่าราคาตามแพ็กเกจ)</Trans>
    );
  }
  const part = (p: TierPart) =>
    p.size === 'single' || p.size === 1
      ? t`ภาพละ ${money(p.price)} × ${p.count}`
      : t`แพ็กเกจ ${p.size} ภาพ ${money(p.price)} × ${p.count}`;
  const parts = rule.parts.map(part).join(' + ');
  return <Trans>ราคาที่ใช้: {parts}</Trans>;
}
