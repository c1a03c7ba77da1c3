import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { languageAtom } from '../../lib/state';
import { HybridPackageBadges, PackageBadges } from '../../lib/ui/PackageBadges';
import { CartActions } from './CartActions';
import { CartCheckout } from './CartCheckout';
import { CartPhotos } from './CartPhotos';
import { removeFromCart } from './cart-store';
import type { CartItem, CartKind } from './cart-types';
import { MixedEventPhotos } from './MixedEventPhotos';
import { isMixedEventCart } from './mhao';
import { useCartEvent } from './use-cart-event';
import { useCartLog } from './use-cart-log';
import type { SubmitOrder } from './use-submit-order';

interface CartContentsProps {
  kind: CartKind;
  items: CartItem[];
  order: SubmitOrder;
}

/** A non-empty cart: its event, the buttons, the photos, and the price and forms unless the events are mixed. */
export function CartContents({ kind, items, order }: CartContentsProps) {
  const { t } = useLingui();
  const language = useAtomValue(languageAtom);
  const mixed = isMixedEventCart(items);
  const eventKey = items[0]?.event_key;
  const { load, retry } = useCartEvent(eventKey);
  const event = load.state === 'loaded' ? load.event : undefined;
  useCartLog(kind, event?.event_key, items);
  const count = items.length;
  const remove = kind === 'wholesale' ? undefined : (id: number) => void removeFromCart(kind, id);

  return (
    <>
      {event && !mixed && (
        <header className="cart-event">
          <h2>{event.title}</h2>
          {kind === 'wholesale' ? (
            <HybridPackageBadges
              packages={event.package_hb}
              language={language}
              label={t`ทีมช่างภาพในแพ็กเกจเหมา`}
            />
          ) : (
            <PackageBadges packages={event.package} language={language} />
          )}
        </header>
      )}
      <CartActions kind={kind} items={items} event={mixed ? undefined : event} />
      {mixed && (
        <p className="cart-mixed" role="alert">
          <Trans>กรุณาเลือกรูปจากงานเดียวกันเท่านั้น</Trans>
        </p>
      )}
      <div className={mixed ? 'cart-layout mixed' : 'cart-layout'}>
        <section className="cart-photos-section" aria-labelledby="cart-photos-title">
          <h2 id="cart-photos-title">
            <Plural value={count} one="รูปในตะกร้า # รูป" other="รูปในตะกร้า # รูป" />
          </h2>
          {mixed ? (
            <MixedEventPhotos kind={kind} items={items} onRemove={remove} />
          ) : (
            <CartPhotos items={items} onRemove={remove} />
          )}
        </section>
        {!mixed && <CartCheckout kind={kind} items={items} load={load} retry={retry} order={order} />}
      </div>
    </>
  );
}
