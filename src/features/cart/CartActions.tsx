import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import { formatBaht } from '../../../core/format';
import { Dialog } from '../../lib/ui/Dialog';
import { unlimitedPackage } from './cart-pricing';
import { cancelMhaoChoice, chooseMhaoOnCartPage, clearCart, readList } from './cart-store';
import type { CartItem, CartKind } from './cart-types';
import type { MhaoRefusal } from './mhao';
import { useMhaoFlag } from './use-cart';
import { useMhaoTexts } from './use-mhao-texts';

/** Where each cart's photos are searched: the event page, its wholesale page or its stage page. */
export function searchPagePath(kind: CartKind, eventKey: string): string {
  const base = `/${encodeURIComponent(eventKey)}`;
  return kind === 'wholesale' ? `${base}/wholesale` : kind === 'manual' ? `${base}/manual` : base;
}

type Prompt =
  | { type: 'confirm-choose'; count: number }
  | { type: 'refused'; refusal: MhaoRefusal }
  | { type: 'confirm-remove-all' };

interface CartActionsProps {
  kind: CartKind;
  items: readonly CartItem[];
  /** Undefined while the event loads or when the cart mixes events: no package buttons then. */
  event: EventDetail | undefined;
}

/** Add more photos (back to the search page), remove all, and choose or cancel the unlimited (mhao) package. */
export function CartActions({ kind, items, event }: CartActionsProps) {
  const { t } = useLingui();
  const texts = useMhaoTexts();
  const flag = useMhaoFlag(kind);
  const [prompt, setPrompt] = useState<Prompt>();
  const eventKey = items[0]?.event_key ?? '';
  const searchPath = searchPagePath(kind, eventKey);
  const unlimited = event ? unlimitedPackage(kind, event) : undefined;
  const currency = kind === 'manual' ? event?.payment_currency || 'THB' : 'THB';
  const price = unlimited ? formatBaht(unlimited.price, currency) : '';

  const choose = async () => {
    // Read now rather than from the live list, which may not have answered yet.
    const eventId = items[0]?.event_id;
    const latest = (await readList('cart_latest', kind)).filter((item) => item.event_id === eventId);
    setPrompt(
      latest.length === 0
        ? { type: 'refused', refusal: 'no-latest-results' }
        : { type: 'confirm-choose', count: latest.length },
    );
  };
  const confirmChoose = async () => {
    setPrompt(undefined);
    const result = await chooseMhaoOnCartPage(kind);
    if (!result.ok) setPrompt({ type: 'refused', refusal: result.refusal });
  };
  const cancel = async () => {
    const result = await cancelMhaoChoice(kind);
    if (!result.ok) setPrompt({ type: 'refused', refusal: result.refusal });
  };

  return (
    <div className="cart-actions">
      {/* One way back to the search page (a separate "back to search" would go where "add more" goes); the
          results found there are kept (saved-results.ts). */}
      <Link to={searchPath as never} className="button">
        <Trans>เลือกรูปเพิ่ม</Trans>
      </Link>
      <button type="button" className="button" onClick={() => setPrompt({ type: 'confirm-remove-all' })}>
        <Trans>ลบทั้งหมด</Trans>
      </button>
      {unlimited?.allowed && flag === 'NO' && (
        <button type="button" className="button primary" onClick={() => void choose()}>
          <Trans>เลือกแพ็กเกจเหมา {price}</Trans>
        </button>
      )}
      {flag === 'YES' && (
        <button type="button" className="button" onClick={() => void cancel()}>
          <Trans>ยกเลิกแพ็กเกจเหมา</Trans>
        </button>
      )}
      <Dialog
        open={prompt?.type === 'confirm-choose'}
        title={<Trans>เลือกแพ็กเกจเหมา</Trans>}
        onCancel={() => setPrompt(undefined)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setPrompt(undefined)}>
              <Trans>ยกเลิก</Trans>
            </button>
            <button type="button" className="button primary" onClick={() => void confirmChoose()}>
              <Trans>ตกลง</Trans>
            </button>
          </>
        }
      >
        <p>{prompt?.type === 'confirm-choose' ? texts.confirmChoose(prompt.count) : ''}</p>
      </Dialog>
      <Dialog
        open={prompt?.type === 'confirm-remove-all'}
        title={<Trans>ลบรูปทั้งหมดออกจากตะกร้า?</Trans>}
        onCancel={() => setPrompt(undefined)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setPrompt(undefined)}>
              <Trans>เก็บไว้</Trans>
            </button>
            <button
              type="button"
              className="button primary danger"
              onClick={() => {
                setPrompt(undefined);
                void clearCart(kind);
              }}
            >
              <Trans>ลบทั้งหมด</Trans>
            </button>
          </>
        }
      >
        <p>
          <Plural
            value={items.length}
            one="รูปในตะกร้า # รูปจะถูกนำออก ถ้าต้องการรูปเหล่านี้อีก ต้องเลือกใหม่จากผลการค้นหา"
            other="รูปในตะกร้า # รูปจะถูกนำออก ถ้าต้องการรูปเหล่านี้อีก ต้องเลือกใหม่จากผลการค้นหา"
          />
        </p>
      </Dialog>
      <Dialog
        open={prompt?.type === 'refused'}
        tone="error"
        title={t`ไม่สามารถทำรายการได้`}
        onCancel={() => setPrompt(undefined)}
        actions={
          <button type="button" className="button primary" onClick={() => setPrompt(undefined)}>
            <Trans>ตกลง</Trans>
          </button>
        }
      >
        <p>{prompt?.type === 'refused' ? texts.refusal(prompt.refusal) : ''}</p>
      </Dialog>
    </div>
  );
}
