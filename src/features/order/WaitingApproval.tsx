import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatBaht } from '../../../core/format';
import { ContactLink, canContactSupport } from '../../lib/ui/ContactLink';
import { useCopy } from '../../lib/zip/use-copy';
import { findMobileUrl, orderPageUrl } from './approval-request';
import { OrderedThumbnails } from './OrderedThumbnails';
import { ORDER_TOASTER } from './order-toaster';
import type { OrderView } from './order-view';
import { RefreshButton } from './RefreshButton';

interface WaitingApprovalProps {
  q: string;
  view: Extract<OrderView, { kind: 'waiting-approval' }>;
  refreshing: boolean;
  onRefresh: () => void;
  /** The page's origin, for the absolute links of the request text. */
  origin: string;
}

/**
 * An AM order (extra photos after a bundle; SPEC §2, §4 Order): nothing more to pay, the page admin approves it.
 * The buyer copies a request with this order's link, the earlier order and the lookup link, and sends it.
 */
export function WaitingApproval({ q, view, refreshing, onRefresh, origin }: WaitingApprovalProps) {
  const { t } = useLingui();
  const copy = useCopy(ORDER_TOASTER);
  const textId = useId();
  const orderLink = orderPageUrl(origin, q);
  const lookupLink = findMobileUrl(origin, view.mobile);
  const reference = view.previousOrderRef;
  const request = [
    t`ขอรับภาพเพิ่มเติมหลังซื้อแพ็กเกจเหมา`,
    t`คำสั่งซื้อนี้: ${orderLink}`,
    t`อ้างอิงคำสั่งซื้อก่อนหน้า: ${reference}`,
    t`ค้นหาคำสั่งซื้อจากเบอร์มือถือ: ${lookupLink}`,
  ].join('\n');
  const amount = formatBaht(view.amount);

  return (
    <>
      <section className="order-panel" aria-labelledby="approval-heading">
        <h2 id="approval-heading" className="visually-hidden">
          <Trans>การอนุมัติภาพเพิ่มเติม</Trans>
        </h2>
        <p className="order-amount">
          <Trans>
            ยอดชำระ <s>{amount}</s> (ไม่มีค่าใช้จ่ายเพิ่ม)
          </Trans>
        </p>
        <p className="order-status waiting">
          <Trans>สถานะ: รอแอดมินอนุมัติ</Trans>
        </p>
        <p>
          <Trans>
            คัดลอกข้อความด้านล่าง แล้วส่งให้แอดมินเพจ เพื่อขออนุมัติภาพเพิ่มเติม เมื่ออนุมัติแล้วกด "รีเฟรช" เพื่อดาวน์โหลดภาพ
          </Trans>
        </p>
        <label className="approval-request-label" htmlFor={textId}>
          <Trans>ข้อความขออนุมัติ</Trans>
        </label>
        <textarea id={textId} className="approval-request" readOnly value={request} rows={8} />
        <div className="order-actions">
          <button type="button" className="button primary" onClick={() => void copy(request)}>
            <Trans>คัดลอกข้อความ</Trans>
          </button>
          {canContactSupport() && (
            <ContactLink className="button">
              <Trans>ติดต่อแอดมินเพจ</Trans>
            </ContactLink>
          )}
        </div>
        <p>
          <a href={`/find-mobile/${encodeURIComponent(view.mobile)}`}>
            <Trans>ดูคำสั่งซื้อทั้งหมดของเบอร์นี้</Trans>
          </a>
        </p>
        <RefreshButton refreshing={refreshing} onRefresh={onRefresh} />
      </section>
      <OrderedThumbnails images={view.images} />
    </>
  );
}
