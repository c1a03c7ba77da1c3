// The buttons under the results, by event variant (SPEC §2): download all (free events: one zip of the photos full
// size, as the order page does, because browsers block all but the first of several windows opened 200 ms apart),
// add all to the cart (free-keep-contract events), buy all at the unlimited price with its average per photo (mhao
// events), which puts the results in the cart with the package chosen and opens the cart.
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { ADD_TOAST_MS } from '../../../core/constants';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import { formatBaht } from '../../../core/format';
import { freePhotoUrl } from '../../lib/photo-urls';
import { SaveToPhotos } from '../../lib/save-to-photos/SaveToPhotos';
import { useOffersSaveToPhotos } from '../../lib/save-to-photos/use-offers-save-to-photos';
import { showToast } from '../../lib/ui/toast';
import { useZipDownload } from '../../lib/zip/use-zip-download';
import { ZipDialogs } from '../../lib/zip/ZipDialogs';
import { progressText, zipEntryNames } from '../../lib/zip/zip-names';
import { BundleCompare } from '../cart/BundleCompare';
import { compareWithTiers } from '../cart/cart-pricing';
import { addAllToCart, chooseMhaoFromBuyAllButton, keepPhotosAtTierPrices } from '../cart/cart-store';
import { CART_PATHS, type CartKind, toCartItem } from '../cart/cart-types';
import type { MhaoRefusal } from '../cart/mhao';
import { otherEventPromptAtom } from '../cart/other-event-prompt';
import { useMhaoTexts } from '../cart/use-mhao-texts';
import { buyAllAverage, type PanelVariant, resultButtons } from './buy-all';

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
  const askOtherEvent = useSetAtom(otherEventPromptAtom);
  const prepare = useCallback(
    (_kind: 'photos') => {
      const names = zipEntryNames(photos, 'original');
      return {
        entries: photos.map((p, i) => ({
          name: names[i] as string,
          url: freePhotoUrl(event.event_key, p.id),
        })),
        fileName: `${event.event_key}.zip`,
      };
    },
    [photos, event.event_key],
  );
  const zip = useZipDownload(prepare);
  const savesToPhotos = useOffersSaveToPhotos();
  const photoEntries = useMemo(() => prepare('photos').entries, [prepare]);
  const zipping = zip.progress.photos;
  const percent = zipping ? progressText(zipping.done, zipping.total) : '';

  const shows = resultButtons(event, variant);
  const count = photos.length;
  if (count === 0) return null;
  const items = () => photos.map((p) => toCartItem(p, event.event_key));

  const addAll = async () => {
    const outcome = await addAllToCart(cartKind, items());
    if (outcome.otherEvent) {
      askOtherEvent({ kind: cartKind, photos: items(), cartEvent: outcome.otherEvent, thenOpenCart: false });
      return;
    }
    const inCart = outcome.count;
    showToast(
      'success',
      plural(inCart, {
        one: 'เพิ่มทุกรูปลงตะกร้าแล้ว มีรูปในตะกร้า # รูป',
        other: 'เพิ่มทุกรูปลงตะกร้าแล้ว มีรูปในตะกร้า # รูป',
      }),
      {
        duration: ADD_TOAST_MS,
        id: 'cart-add',
      },
    );
  };
  // The package costs more than these photos at tier prices: the same photos go into the cart without it.
  const buyAtTierPrices = async () => {
    const outcome = await addAllToCart(cartKind, items());
    if (outcome.otherEvent) {
      askOtherEvent({ kind: cartKind, photos: items(), cartEvent: outcome.otherEvent, thenOpenCart: true });
      return;
    }
    await keepPhotosAtTierPrices(cartKind);
    await navigate({ to: CART_PATHS[cartKind] });
  };
  const chooseBuyAll = async () => {
    const choice = await chooseMhaoFromBuyAllButton(cartKind);
    if (choice.ok) await navigate({ to: CART_PATHS[cartKind] });
    else setRefusal(choice.refusal);
  };

  return (
    <div className="result-buttons">
      {shows.downloadAll &&
        (zipping ? (
          <div className="zip-progress" role="status">
            <span>
              <Trans>กำลังรวมไฟล์ภาพ… {percent}%</Trans>
            </span>
            <progress max={zipping.total} value={zipping.done} aria-label={t`ความคืบหน้า ${percent}%`} />
          </div>
        ) : (
          <button type="button" className="button primary" onClick={() => zip.request('photos')}>
            <Plural value={count} one="ดาวน์โหลดทั้งหมด (# รูป)" other="ดาวน์โหลดทั้งหมด (# รูป)" />
          </button>
        ))}
      {shows.downloadAll && savesToPhotos && (
        <SaveToPhotos entries={photoEntries} label={<Trans>บันทึกภาพลงแอปรูปภาพ</Trans>} />
      )}
      {shows.downloadAll && <ZipDialogs zip={zip} count={count} />}
      {shows.addAll && (
        <button type="button" className="button primary" onClick={addAll}>
          <Plural value={count} one="เพิ่มทั้งหมดลงตะกร้า (# รูป)" other="เพิ่มทั้งหมดลงตะกร้า (# รูป)" />
        </button>
      )}
      {shows.buyAllPrice !== null && (
        <>
          <BundleCompare
            comparison={compareWithTiers(shows.buyAllPrice, event.package, count)}
            count={count}
            onBuyAtTierPrices={() => void buyAtTierPrices()}
          />
          <BuyAllButton
            caption={event.caption_button_buy_all}
            packagePrice={shows.buyAllPrice}
            count={count}
            onClick={chooseBuyAll}
          />
        </>
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
        <Plural
          value={count}
          one={`# รูป ${price} · เฉลี่ยรูปละ ${average}`}
          other={`# รูป ${price} · เฉลี่ยรูปละ ${average}`}
        />
      </span>
    </button>
  );
}
