import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { Dialog } from '../../lib/ui/Dialog';

/** How long the success notice shows before the order page opens by itself. */
export const ORDER_CREATED_REDIRECT_MS = 2000;

/** The order's payment and download page (another feature's route). */
export const orderPagePath = (uuid: string) => `/download/${uuid}`;

/** SPEC §4: success dialog with a link to the order, then /download/{uuid}. */
export function OrderCreatedDialog({ uuid }: { uuid: string | undefined }) {
  const navigate = useNavigate();
  const open = useCallback(() => {
    if (uuid) void navigate({ to: orderPagePath(uuid) as never });
  }, [navigate, uuid]);
  useEffect(() => {
    if (!uuid) return;
    const timer = setTimeout(open, ORDER_CREATED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [uuid, open]);
  return (
    <Dialog
      open={uuid !== undefined}
      title={<Trans>สร้างคำสั่งซื้อเรียบร้อยแล้ว</Trans>}
      onCancel={open}
      actions={
        <button type="button" className="button primary" onClick={open}>
          <Trans>ไปหน้าชำระเงินและดาวน์โหลด</Trans>
        </button>
      }
    >
      <p>
        <Trans>กำลังพาไปยังหน้าคำสั่งซื้อของคุณ</Trans>
      </p>
      {uuid && (
        <p>
          <a
            href={orderPagePath(uuid)}
            onClick={(event) => {
              event.preventDefault();
              open();
            }}
          >
            <Trans>คำสั่งซื้อ {uuid}</Trans>
          </a>
        </p>
      )}
    </Dialog>
  );
}
