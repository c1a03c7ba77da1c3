// "Buy all from all photographers" (SPEC §2 Wholesale page, §4 Unlimited flag): the wholesale cart becomes the
// latest search results with the unlimited package chosen, then the wholesale cart opens. Without results of this
// event it refuses with the spec's alert (§8).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import { formatBaht } from '../../../core/format';
import { BundleCompare } from '../cart/BundleCompare';
import { addAllToCart, chooseMhaoFromBuyAllButton } from '../cart/cart-store';
import { CART_PATHS } from '../cart/cart-types';
import { otherEventPromptAtom } from '../cart/other-event-prompt';
import { useLatestResults } from '../cart/use-cart';
import { bundleAveragePrice, compareBundle, resultsOfEvent } from './buy-all';

export function BuyAllButton({ event }: { event: EventDetail }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const askOtherEvent = useSetAtom(otherEventPromptAtom);
  const results = resultsOfEvent(useLatestResults('wholesale'), event.event_key);
  // A refusal holds for the results it was given on: a new search (other latest results) clears it.
  const resultsKey = results.map((r) => r.id).join(',');
  const [refusedFor, setRefusedFor] = useState<string>();
  const refused = refusedFor === resultsKey;
  const [busy, setBusy] = useState(false);
  const count = results.length;
  const average = bundleAveragePrice(event, count);
  const averageBaht = average === undefined ? undefined : formatBaht(average);
  const comparison = compareBundle(event, count);

  // Fewer photos than the bundle is worth: the same photos go into the standard cart at tier prices instead.
  const buyAtTierPrices = async () => {
    const outcome = await addAllToCart('standard', results);
    if (outcome.otherEvent)
      askOtherEvent({ kind: 'standard', photos: results, cartEvent: outcome.otherEvent, thenOpenCart: true });
    else await navigate({ to: CART_PATHS.standard });
  };

  const buyAll = async () => {
    setRefusedFor(undefined);
    if (count === 0) {
      setRefusedFor(resultsKey);
      return;
    }
    setBusy(true);
    try {
      const choice = await chooseMhaoFromBuyAllButton('wholesale');
      if (choice.ok) await navigate({ to: CART_PATHS.wholesale });
      else setRefusedFor(resultsKey);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="buy-all">
      {count > 0 && (
        <p className="buy-all-summary">
          {averageBaht === undefined ? (
            <Plural value={count} one="ภาพของคุณจากการค้นหาล่าสุด # ภาพ" other="ภาพของคุณจากการค้นหาล่าสุด # ภาพ" />
          ) : (
            <Plural
              value={count}
              one={`ภาพของคุณจากการค้นหาล่าสุด # ภาพ · เฉลี่ยภาพละ ${averageBaht}`}
              other={`ภาพของคุณจากการค้นหาล่าสุด # ภาพ · เฉลี่ยภาพละ ${averageBaht}`}
            />
          )}
        </p>
      )}
      <BundleCompare comparison={comparison} count={count} onBuyAtTierPrices={() => void buyAtTierPrices()} />
      <button
        type="button"
        className="button primary buy-all-button"
        onClick={() => void buyAll()}
        disabled={busy}
        aria-describedby={refused ? 'buy-all-refusal' : undefined}
      >
        {t`ซื้อเหมาทุกภาพจากช่างภาพทุกคน`}
      </button>
      {refused && count === 0 && (
        // Before any search there is nothing to buy yet: the buyer is told what to do first.
        <p id="buy-all-refusal" className="alert info" role="alert">
          <Trans>ค้นหารูปของคุณด้วยรูปเซลฟี่ด้านบนก่อน แล้วจึงกดซื้อเหมาทุกภาพ</Trans>
        </p>
      )}
      {refused && count > 0 && (
        <p id="buy-all-refusal" className="alert error" role="alert">
          <Trans>
            ไม่สามารถดำเนินการสั่งซื้อได้ เนื่องจากเราต้องการให้นักวิ่งได้ซื้อภาพในราคาที่ถูกที่สุด กรุณาลบภาพที่ไม่ต้องการออก
            หรือค้นหาภาพใหม่อีกครั้ง
          </Trans>
        </p>
      )}
    </div>
  );
}
