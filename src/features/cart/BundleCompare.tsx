// The unlimited package beside the same photos at tier prices, under a buy-all button: when the package
// costs more, the buyer is told so and offered the cheaper way (the photos into the cart at tier prices).
import { Plural, Trans } from '@lingui/react/macro';
import { formatBaht } from '../../../core/format';
import type { BundleComparison } from './cart-pricing';

interface BundleCompareProps {
  comparison: BundleComparison | undefined;
  count: number;
  /** Puts the same photos in the cart without the package. */
  onBuyAtTierPrices: () => void;
}

export function BundleCompare({ comparison, count, onBuyAtTierPrices }: BundleCompareProps) {
  if (!comparison) return null;
  const tiers = formatBaht(comparison.tiers);
  const bundle = formatBaht(comparison.bundle);
  if (comparison.cheaper !== 'tiers')
    return (
      <p className="bundle-compare">
        <Trans>
          แพ็กเกจเหมา {bundle} · ราคาปกติ {tiers}
        </Trans>
      </p>
    );
  return (
    <div className="alert info bundle-compare">
      <p>
        <Plural
          value={count}
          one={`ราคาปกติของ # ภาพนี้ ${tiers} ถูกกว่าแพ็กเกจเหมา ${bundle}`}
          other={`ราคาปกติของ # ภาพนี้ ${tiers} ถูกกว่าแพ็กเกจเหมา ${bundle}`}
        />
      </p>
      <button type="button" className="button" onClick={onBuyAtTierPrices}>
        <Trans>ซื้อภาพเหล่านี้ในราคาปกติแทน</Trans>
      </button>
    </div>
  );
}
