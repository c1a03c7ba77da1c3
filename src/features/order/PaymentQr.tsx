import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { ORDER_QR_ERROR_CORRECTION, ORDER_QR_PX, QR_LOGO_WIDTH_RATIO } from '../../../core/constants';

/**
 * The PromptPay QR of a waiting order (SPEC §4 Order, §9): drawn from the gateway's payload at 250 px with error
 * correction Q and the logo centred at 15% of the width, or the gateway's own QR image (OPN).
 */
export function PaymentQr({
  source,
  label,
}: {
  source: { payload: string } | { url: string };
  label: string;
}) {
  return (
    <figure className="payment-qr" style={{ width: ORDER_QR_PX }}>
      {'payload' in source ? (
        <DrawnQr payload={source.payload} label={label} />
      ) : (
        <img src={source.url} alt={label} width={ORDER_QR_PX} height={ORDER_QR_PX} />
      )}
    </figure>
  );
}

function DrawnQr({ payload, label }: { payload: string; label: string }) {
  const { t } = useLingui();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    const scale = Math.max(1, Math.ceil(window.devicePixelRatio || 1));
    // The QR library loads only for an order waiting for a PromptPay payment (the canvas keeps its place meanwhile).
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toCanvas(target, payload, {
          width: ORDER_QR_PX * scale,
          margin: 2,
          errorCorrectionLevel: ORDER_QR_ERROR_CORRECTION,
          color: { dark: '#000000', light: '#ffffff' },
        }),
      )
      .then(() => {
        target.style.width = `${ORDER_QR_PX}px`;
        target.style.height = `${ORDER_QR_PX}px`;
        setFailed(false);
      })
      .catch(() => setFailed(true));
  }, [payload]);

  if (failed) {
    return (
      <p className="alert error" role="alert">
        {t`ไม่สามารถแสดง QR Code ได้ กรุณากดรีเฟรช หรือติดต่อทีมงาน`}
      </p>
    );
  }
  const logo = Math.round(ORDER_QR_PX * QR_LOGO_WIDTH_RATIO);
  return (
    <div className="payment-qr-code" data-qr-payload={payload}>
      <canvas ref={canvas} role="img" aria-label={label} width={ORDER_QR_PX} height={ORDER_QR_PX} />
      <img className="payment-qr-logo" src="/logo.svg" alt="" width={logo} height={logo} />
    </div>
  );
}
