// Asked when the buyer adds a photo of another event than the cart's (SPEC §5: one event per order): start a new
// cart with it (the cart's photos leave it), open the cart, or keep things as they are.
import { plural } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { ADD_TOAST_MS } from '../../../core/constants';
import { Dialog } from '../../lib/ui/Dialog';
import { showToast } from '../../lib/ui/toast';
import { startCartWith } from './cart-store';
import { CART_PATHS } from './cart-types';
import { otherEventPromptAtom } from './other-event-prompt';
import { titleOf, useEventTitles } from './use-event-titles';

export function OtherEventDialog() {
  const [prompt, setPrompt] = useAtom(otherEventPromptAtom);
  const navigate = useNavigate();
  const titles = useEventTitles(prompt ? [prompt.cartEvent.eventKey] : []);
  const close = () => setPrompt(undefined);
  const startOver = async () => {
    if (!prompt) return;
    close();
    await startCartWith(prompt.kind, prompt.photos);
    if (prompt.thenOpenCart) await navigate({ to: CART_PATHS[prompt.kind] });
    else {
      const count = prompt.photos.length;
      showToast(
        'success',
        plural(count, {
          one: 'เริ่มตะกร้าใหม่แล้ว มีรูปในตะกร้า # รูป',
          other: 'เริ่มตะกร้าใหม่แล้ว มีรูปในตะกร้า # รูป',
        }),
        { duration: ADD_TOAST_MS, id: 'cart-add' },
      );
    }
  };
  const title = prompt ? titleOf(titles, prompt.cartEvent.eventKey) : '';
  const count = prompt?.cartEvent.count ?? 0;
  return (
    <Dialog
      open={prompt !== undefined}
      title={<Trans>ตะกร้ามีรูปจากงานอื่นอยู่</Trans>}
      onCancel={close}
      actions={
        <>
          <button type="button" className="button" onClick={close}>
            <Trans>ยกเลิก</Trans>
          </button>
          {prompt && (
            <Link to={CART_PATHS[prompt.kind]} className="button" onClick={close}>
              <Trans>ไปที่ตะกร้า</Trans>
            </Link>
          )}
          <button type="button" className="button primary" onClick={() => void startOver()}>
            <Trans>เริ่มตะกร้าใหม่</Trans>
          </button>
        </>
      }
    >
      <p>
        <Plural
          value={count}
          one={`หนึ่งคำสั่งซื้อรับรูปได้จากงานเดียว ตะกร้าของคุณมีรูปจากงาน “${title}” อยู่ # รูป`}
          other={`หนึ่งคำสั่งซื้อรับรูปได้จากงานเดียว ตะกร้าของคุณมีรูปจากงาน “${title}” อยู่ # รูป`}
        />
      </p>
      <p>
        <Trans>เริ่มตะกร้าใหม่: รูปเดิมในตะกร้าจะถูกนำออก แล้วใส่รูปที่เลือกจากงานนี้แทน</Trans>
      </p>
    </Dialog>
  );
}
