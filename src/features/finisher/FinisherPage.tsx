import './finisher.css';
// A runner's public finisher page (/{event}/finisher/{code}): their card, their name and time, the event, a link to
// find one's own photos there, and sharing. Its runner, holding the secret address (#remove=… after the page's
// address, never sent to a server but in the removal call), can remove it here.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { FinisherPage as Page } from '../../../core/contract/finisher-card';
import { ApiError } from '../../lib/api/client';
import { removeFinisherPage } from '../../lib/api/finisher-card';
import { usePageTitle } from '../../lib/page-title';
import { LineShareLink } from '../../lib/ui/LineShareLink';
import { LoadFailedAlert } from '../../lib/ui/LoadFailedAlert';
import type { FinisherLoad } from './finisher-loader';

const REMOVE = /^#remove=([\w-]{43})$/;

export function FinisherPage({ data, code }: { data: FinisherLoad; code: string }) {
  const { t } = useLingui();
  usePageTitle(data.state === 'found' ? `${data.page.headline} · ${data.page.event_title}` : t`ไม่พบหน้านี้`);
  if (data.state === 'failed') return <LoadFailedAlert />;
  if (data.state === 'missing') return <Gone />;
  return <FinisherDetails page={data.page} code={code} />;
}

function Gone() {
  return (
    <div className="not-found">
      <h1>
        <Trans>ไม่พบหน้านี้</Trans>
      </h1>
      <p>
        <Trans>เจ้าของอาจนำหน้านี้ออกแล้ว หรือรูปหมดอายุแล้ว</Trans>
      </p>
      <Link to="/" className="button primary">
        <Trans>กลับหน้าแรก</Trans>
      </Link>
    </div>
  );
}

function FinisherDetails({ page, code }: { page: Page; code: string }) {
  const { t } = useLingui();
  // The removal secret is in the address's fragment, which only the page itself sees (after it is loaded).
  const [secret, setSecret] = useState<string>();
  const [removal, setRemoval] = useState<'idle' | 'confirming' | 'removing' | 'removed' | 'failed'>('idle');
  // The page's own address to share: known once it runs in the browser (the server renders it without).
  const [address, setAddress] = useState('');
  useEffect(() => {
    setSecret(REMOVE.exec(location.hash)?.[1]);
    setAddress(`${location.origin}${location.pathname}`);
  }, []);
  const [copied, setCopied] = useState(false);

  if (removal === 'removed')
    return (
      <div className="not-found">
        <h1>
          <Trans>นำหน้านี้ออกแล้ว</Trans>
        </h1>
        <p>
          <Trans>ลิงก์นี้จะไม่แสดงการ์ดของคุณอีก</Trans>
        </p>
        <Link to="/" className="button primary">
          <Trans>กลับหน้าแรก</Trans>
        </Link>
      </div>
    );

  const remove = async () => {
    if (!secret) return;
    setRemoval('removing');
    try {
      await removeFinisherPage(code, secret);
    } catch (error) {
      // Already gone (removed from another tab, or with the order's photos): as good as removed.
      if (!(error instanceof ApiError && error.httpStatus === 404)) {
        setRemoval('failed');
        return;
      }
    }
    // The secret leaves the address bar (the router's own history state kept).
    history.replaceState(history.state, '', location.pathname);
    setRemoval('removed');
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <article className="finisher-page">
      <header>
        <h1>{page.headline}</h1>
        <p className="finisher-page-event">
          {page.event_title} · {page.event_date}
        </p>
      </header>
      <img
        className="finisher-page-card"
        src={page.card_url}
        alt={t`การ์ดนักวิ่ง ${page.headline}`}
        width={1080}
        height={1350}
      />
      <div className="finisher-page-actions">
        {address && (
          <>
            <LineShareLink text={address}>
              <Trans>แชร์ไปที่ LINE</Trans>
            </LineShareLink>
            <button type="button" className="button" onClick={() => void copy()}>
              <Trans>คัดลอกลิงก์</Trans>
            </button>
          </>
        )}
        <Link to="/$eventId" params={{ eventId: page.event_key }} className="button primary">
          <Trans>ค้นหารูปของคุณในงานนี้</Trans>
        </Link>
      </div>
      <p className="visually-hidden" role="status">
        {copied && <Trans>คัดลอกลิงก์แล้ว</Trans>}
      </p>
      {secret && (
        <section className="finisher-page-remove" aria-labelledby="finisher-remove-heading">
          <h2 id="finisher-remove-heading">
            <Trans>นำหน้านี้ออก</Trans>
          </h2>
          <p>
            <Trans>คุณเปิดลิงก์สำหรับนำหน้านี้ออก เมื่อนำออกแล้ว ลิงก์ที่แชร์ไปจะไม่แสดงการ์ดของคุณอีก</Trans>
          </p>
          {removal === 'failed' && (
            <p className="alert error" role="alert">
              <Trans>นำหน้านี้ออกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Trans>
            </p>
          )}
          {removal === 'confirming' || removal === 'removing' ? (
            <div className="finisher-page-actions">
              <button
                type="button"
                className="button danger"
                disabled={removal === 'removing'}
                onClick={() => void remove()}
              >
                <Trans>ยืนยัน นำออกถาวร</Trans>
              </button>
              <button type="button" className="button" onClick={() => setRemoval('idle')}>
                <Trans>ยังไม่นำออก</Trans>
              </button>
            </div>
          ) : (
            <button type="button" className="button danger" onClick={() => setRemoval('confirming')}>
              <Trans>นำหน้านี้ออก</Trans>
            </button>
          )}
        </section>
      )}
    </article>
  );
}
