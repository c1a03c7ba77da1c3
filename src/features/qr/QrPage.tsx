import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { QR_PAGE_SCREEN_PX } from '../../../core/constants';
import { usePageRequest } from '../../lib/page-request';
import { usePageTitle } from '../../lib/page-title';
import { downloadQrImage, drawScreenQr } from './qr-drawing';
import { addressLabel, eventAddress, qrFileName } from './qr-layout';

/** The QR page (eventqr/{q} and {q}/qr): a code of the event's public address, shown and downloadable. */
export function QrPage({ q }: { q?: string }) {
  const { t } = useLingui();
  usePageTitle(q ? t`QR โค้ด ${q}` : t`QR โค้ดของงาน`);
  useEffect(() => {
    if (!q) console.warn('QR page: no event key (q) in the address, so there is no code to show');
  }, [q]);
  return (
    <article className="qr-page">
      <h1>
        <Trans>QR โค้ดของงาน</Trans>
      </h1>
      {q && <EventQr q={q} />}
    </article>
  );
}

function EventQr({ q }: { q: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<'logo' | 'plain' | null>(null);
  const address = eventAddress(usePageRequest().origin, q);
  const label = addressLabel(address);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    drawScreenQr(canvas, address).catch(() => setFailed(true));
  }, [address]);

  const download = async (withLogo: boolean) => {
    setBusy(withLogo ? 'logo' : 'plain');
    try {
      await downloadQrImage(address, label, withLogo, qrFileName(q, withLogo));
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <p className="lead">
        <Trans>สแกนเพื่อเปิดหน้างานและค้นหาภาพด้วยใบหน้า พิมพ์ติดที่จุดรับเหรียญหรือแชร์ในกลุ่มนักวิ่งได้</Trans>
      </p>
      <figure className="qr-figure">
        <canvas
          ref={canvasRef}
          width={QR_PAGE_SCREEN_PX}
          height={QR_PAGE_SCREEN_PX}
          role="img"
          aria-label={label}
        />
        <figcaption>{label}</figcaption>
      </figure>
      {failed && (
        <p className="alert error" role="alert">
          <Trans>สร้าง QR โค้ดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Trans>
        </p>
      )}
      <div className="qr-actions">
        <button
          type="button"
          className="button primary"
          disabled={busy !== null}
          onClick={() => void download(true)}
        >
          <Trans>ดาวน์โหลด QR พร้อมโลโก้</Trans>
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => void download(false)}
        >
          <Trans>ดาวน์โหลด QR ไม่มีโลโก้</Trans>
        </button>
      </div>
      <p className="qr-note">
        <Trans>ไฟล์ PNG ขนาด 1000 พิกเซล พร้อมที่อยู่ของงานใต้โค้ด</Trans>
      </p>
      <p>
        <Link to="/$eventId" params={{ eventId: q }}>
          <Trans>ไปที่หน้างาน</Trans>
        </Link>
      </p>
    </>
  );
}
