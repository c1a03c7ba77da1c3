// A cart that mixes events (SPEC §5: it cannot be ordered, its prices and forms stay hidden), untangled here:
// its photos grouped under their event's title, each group with "keep only these photos", one tap.
import { Plural, Trans } from '@lingui/react/macro';
import { CartPhotos } from './CartPhotos';
import { keepOnlyEventInCart } from './cart-store';
import type { CartItem, CartKind } from './cart-types';
import { titleOf, useEventTitles } from './use-event-titles';

interface MixedEventPhotosProps {
  kind: CartKind;
  items: readonly CartItem[];
  onRemove?: (id: number) => void;
}

/** The cart's photos by event, in the order each event's first photo was added. */
export function groupByEvent(
  items: readonly CartItem[],
): { eventId: number; eventKey: string; items: CartItem[] }[] {
  const groups = new Map<number, { eventId: number; eventKey: string; items: CartItem[] }>();
  for (const item of items) {
    const group = groups.get(item.event_id) ?? {
      eventId: item.event_id,
      eventKey: item.event_key,
      items: [],
    };
    group.items.push(item);
    groups.set(item.event_id, group);
  }
  return [...groups.values()];
}

export function MixedEventPhotos({ kind, items, onRemove }: MixedEventPhotosProps) {
  const groups = groupByEvent(items);
  const titles = useEventTitles(groups.map((group) => group.eventKey));
  return (
    <div className="cart-event-groups">
      {groups.map((group) => {
        const title = titleOf(titles, group.eventKey);
        const others = items.length - group.items.length;
        return (
          <section key={group.eventId} className="cart-event-group" aria-label={title}>
            <header>
              <h3>{title}</h3>
              <button
                type="button"
                className="button"
                onClick={() => void keepOnlyEventInCart(kind, group.eventId)}
              >
                <Plural
                  value={others}
                  one="เก็บเฉพาะรูปจากงานนี้ (นำรูปงานอื่นออก # รูป)"
                  other="เก็บเฉพาะรูปจากงานนี้ (นำรูปงานอื่นออก # รูป)"
                />
              </button>
            </header>
            <CartPhotos items={group.items} onRemove={onRemove} eventTitle={title} />
          </section>
        );
      })}
      <p className="cart-mixed-hint">
        <Trans>หนึ่งคำสั่งซื้อรับรูปได้จากงานเดียว เลือกงานที่จะสั่งซื้อก่อน แล้วค่อยกลับมาสั่งซื้อรูปของงานอื่น</Trans>
      </p>
    </div>
  );
}
