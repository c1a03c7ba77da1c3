import './order.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { photoObjectKeys } from '../../../core/contract/photos';
import { formatDateTime } from '../../../core/format';
import { afterFirstScreen } from '../../lib/after-first-screen';
import { usePageRequest } from '../../lib/page-request';
import { usePageTitle } from '../../lib/page-title';
import { publicObjectUrl } from '../../lib/photo-urls';
import { photoImageAddresses } from '../../lib/sized-image';
import { languageAtom } from '../../lib/state';
import { keepOrderImages } from '../../lib/sw-bridge';
import { ContactLink, canContactSupport } from '../../lib/ui/ContactLink';
import { Dialog } from '../../lib/ui/Dialog';
import { LazyToaster } from '../../lib/ui/LazyToaster';
import { useLazyLive } from '../cart/use-lazy-live';
import { ORDER_TOASTER } from './order-toaster';
import { orderView, viewThumbnails } from './order-view';
import { PaidOrder } from './PaidOrder';
import { useOrderInquiry } from './use-order-inquiry';
import { WaitingApproval } from './WaitingApproval';
import { WaitingPayment } from './WaitingPayment';

const thumbnailUrl = (eventKey: string, fileName: string) =>
  publicObjectUrl(photoObjectKeys(eventKey, fileName).thumbnail);

/**
 * Pay and download images (SPEC §2 Order payment and download page, the newest bilingual version) for /download/{q}
 * and its aliases: nothing shows until the inquiry answers, then waiting for payment, waiting for approval or paid.
 */
export function OrderPage({ q }: { q: string }) {
  const { t } = useLingui();
  const language = useAtomValue(languageAtom);
  usePageTitle(t`ชำระเงินและดาวน์โหลดภาพ`);
  const { result, refreshing, refresh } = useOrderInquiry(q);
  // Every answer is kept on this device, so the order opens offline from the last one (and find-order lists it).
  // The cart database loads after the first screen: online, the page shows the answer without waiting for it;
  // offline, the kept copy is all there is to show, so it loads at once.
  const keptRead = useLazyLive((cart) => cart.keptOrderValue(q), `order:${q}`, result.state === 'offline');
  const kept = keptRead?.row;
  const keptToken = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (result.state !== 'loaded') return;
    const token = result.inquiry.state_token ?? JSON.stringify(result.inquiry);
    if (keptToken.current === token) return;
    keptToken.current = token;
    const inquiry = result.inquiry;
    afterFirstScreen()
      .then(async () => {
        // Its thumbnails too, all of them, so it reopens offline with its pictures (sw/order-images.ts).
        keepOrderImages(viewThumbnails(orderView(inquiry, thumbnailUrl)).flatMap(photoImageAddresses));
        await (await import('../cart/cart-store')).keepOrderAnswer(q, inquiry);
      })
      .catch((error) => console.warn('order answer not kept', error));
  }, [q, result]);
  const [paymentError, setPaymentError] = useState(false);
  const [errorClosed, setErrorClosed] = useState(false);
  const refused = result.state === 'refused';
  // Back from the gateway (3-D Secure returns to ?return=1): a failed payment says so once (SPEC §8).
  const { origin } = usePageRequest();
  const searchStr = useLocation({ select: (location) => location.searchStr });
  const [returned] = useState(() => new URLSearchParams(searchStr).get('return') === '1');
  const [returnChecked, setReturnChecked] = useState(false);
  useEffect(() => {
    if (!returned || returnChecked || result.state !== 'loaded') return;
    setReturnChecked(true);
    const url = new URL(window.location.href);
    url.searchParams.delete('return');
    window.history.replaceState(window.history.state, '', url);
    if (result.inquiry.payment_status === 'INITIAL' && result.inquiry.payment_failure) setPaymentError(true);
  }, [returned, returnChecked, result]);
  const retry = () => {
    setErrorClosed(false);
    void refresh();
  };

  // Offline, the kept copy decides what shows: wait for the device to have been read.
  if (result.state === 'loading' || (result.state === 'offline' && keptRead === undefined))
    return <div className="order-page" aria-busy="true" />;

  const offlineCopy = result.state === 'offline' ? kept?.last_inquiry : undefined;
  const shown = result.state === 'loaded' ? result.inquiry : offlineCopy;
  const view = shown ? orderView(shown, thumbnailUrl) : undefined;
  return (
    <article className="order-page">
      <header className="order-heading">
        <h1>
          <Trans>ชำระเงินและดาวน์โหลดภาพ</Trans>
        </h1>
        <p className="order-id">
          <Trans>
            หมายเลขคำสั่งซื้อ <code>{q}</code>
          </Trans>
        </p>
      </header>

      {offlineCopy && kept?.answered_at && (
        <div className="alert info" role="status">
          <p>
            <Trans>
              ออฟไลน์อยู่: แสดงข้อมูลคำสั่งซื้อที่บันทึกไว้ในเครื่องนี้เมื่อ {formatDateTime(kept.answered_at, language)}
            </Trans>
          </p>
          <button type="button" className="button" onClick={retry} disabled={refreshing}>
            <Trans>ลองใหม่</Trans>
          </button>
        </div>
      )}
      {result.state === 'offline' && !offlineCopy && (
        <div className="alert error" role="alert">
          <p>
            <Trans>ไม่สามารถโหลดคำสั่งซื้อได้ กรุณาตรวจสอบการเชื่อมต่ออินเทอร์เน็ตแล้วลองใหม่</Trans>
          </p>
          <button type="button" className="button" onClick={retry} disabled={refreshing}>
            <Trans>ลองใหม่</Trans>
          </button>
        </div>
      )}
      {refused && errorClosed && (
        <div className="alert error">
          <p>
            <Trans>ไม่สามารถแสดงคำสั่งซื้อนี้ได้</Trans>
          </p>
          <div className="order-actions">
            <button type="button" className="button" onClick={retry} disabled={refreshing}>
              <Trans>ลองใหม่</Trans>
            </button>
            <a className="button" href="/find-order">
              <Trans>ค้นหาคำสั่งซื้อ</Trans>
            </a>
          </div>
        </div>
      )}

      {view?.kind === 'waiting-payment' && (
        <WaitingPayment
          q={q}
          view={view}
          refreshing={refreshing}
          onRefresh={() => void refresh()}
          onPaymentError={() => setPaymentError(true)}
        />
      )}
      {view?.kind === 'waiting-approval' && (
        <WaitingApproval
          q={q}
          view={view}
          refreshing={refreshing}
          onRefresh={() => void refresh()}
          origin={origin}
        />
      )}
      {view?.kind === 'paid' && (
        <PaidOrder q={q} view={view} refreshing={refreshing} onRefresh={() => void refresh()} />
      )}

      <InquiryErrorDialog
        open={(refused && !errorClosed) || paymentError}
        onConfirm={() => {
          setErrorClosed(true);
          setPaymentError(false);
        }}
      />
      <LazyToaster toasterId={ORDER_TOASTER} position="top-center" />
    </article>
  );
}

/** SPEC §8: the inquiry (or card payment) was not successful. */
function InquiryErrorDialog({ open, onConfirm }: { open: boolean; onConfirm: () => void }) {
  return (
    <Dialog
      open={open}
      tone="error"
      title={<Trans>พบข้อผิดพลาด</Trans>}
      onCancel={onConfirm}
      actions={
        <button type="button" className="button primary" onClick={onConfirm}>
          <Trans>ตกลง</Trans>
        </button>
      }
    >
      <p>
        {canContactSupport() ? (
          <Trans>
            กรุณาลองใหม่อีกครั้ง หรือติดต่อ <ContactLink>ฝ่ายลูกค้าสัมพันธ์</ContactLink>
          </Trans>
        ) : (
          <Trans>กรุณาลองใหม่อีกครั้ง</Trans>
        )}
      </p>
    </Dialog>
  );
}
