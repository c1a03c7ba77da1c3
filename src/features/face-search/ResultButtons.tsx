// The buttons under the results, by event variant (SPEC §2): download all (free events), add all to the cart
// (free-keep-contract events), buy all at the unlimited price with its average per photo (mhao events, and the
// wholesale page of hybrid events), which puts the results in the cart with the package chosen and opens the cart.
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ADD_TOAST_MS } from '../../../core/constants';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { formatBaht } from '../../lib/format';
import { photoImageUrls } from '../../lib/photo-urls';
import { addAllToCart, chooseMhaoFromBuyAllButton } from '../cart/cart-store';
import { CART_PATHS, type CartKind, toCartItem } from '../cart/cart-types';
import type { MhaoRefusal } from '../cart/mhao';
import { useMhaoTexts } from '../cart/use-mhao-texts';
import { buyAllAverage, openEachWithGap, type PanelVariant, resultButtons } from './buy-all';

export interface ResultButtonsProps {
  event: EventDetail;
  variant: PanelVariant;
  cartKind: CartKind;
  photos: readonly Photo[];
}

export function ResultButtons({ event, variant, cartKind, photos }: ResultButtonsProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const mhaoTexts = useMhaoTexts();
  const [refusal, setRefusal] = useState<MhaoRefusal | undefined>(undefined);
  const [opening, setOpening] = useState(false);
  const stop = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => stop.current?.abort(), []);

  const shows = resultButtons(event, variant);
  const count = photos.length;
  if (count === 0) return null;
  const items = () => photos.map((p) => toCartItem(p, event.event_key));

  const downloadAll = async () => {
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    setOpening(true);
    const urls = photos.map((p) => photoImageUrls(event.event_key, p).preview);
    await openEachWithGap(urls, (url) => window.open(url, '_blank', 'noopener'), {
      signal: controller.signal,
    });
    if (!controller.signal.aborted) setOpening(false);
  };
  const addAll = async () => {
    const { count: inCart } = await addAllToCart(cartKind, items());
    toast.success(t`เพิ่มทุกรูปลงตะกร้าแล้ว มีรูปในตะกร้า ${inCart} รูป`, {
      duration: ADD_TOAST_MS,
      id: 'cart-add',
    });
  };
  const chooseBuyAll = async () => {
    const choice = await chooseMhaoFromBuyAllButton(cartKind);
    if (choice.ok) await navigate({ to: CART_PATHS[cartKind] });
    else setRefusal(choice.refusal);
  };

  return (
    <div className="result-buttons">
      {shows.downloadAll && (
        <button type="button" className="button primary" onClick={downloadAll} disabled={opening}>
          <Trans>ดาวน์โหลดทั้งหมด ({count} รูป)</Trans>
        </button>
      )}
      {shows.addAll && (
        <button type="button" className="button primary" onClick={addAll}>
          <Trans>เพิ่มทั้งหมดลงตะกร้า ({count} รูป)</Trans>
        </button>
      )}
      {shows.buyAllPrice !== null && (
        <BuyAllButton
          caption={event.caption_button_buy_all}
          packagePrice={shows.buyAllPrice}
          count={count}
          onClick={chooseBuyAll}
        />
      )}
      {refusal && (
        <p className="alert error" role="alert">
          {mhaoTexts.refusal(refusal)}
        </p>
      )}
    </div>
  );
}

function BuyAllButton(props: { caption: string; packagePrice: string; count: number; onClick(): void }) {
  const { t } = useLingui();
  const { count } = props;
  const price = formatBaht(props.packagePrice);
  const average = formatBaht(buyAllAverage(props.packagePrice, count));
  return (
    <button type="button" className="button primary buy-all" onClick={props.onClick}>
      <span>{props.caption || t`ซื้อเหมาทุกภาพ`}</span>
      <span className="buy-all-price">
        <Trans>
          {count} รูป ฿{price} · เฉลี่ยรูปละ ฿{average}
        </Trans>
      </span>
    </button>
  );
}
