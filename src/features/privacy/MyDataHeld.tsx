import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { HeldAlert, HeldData } from '../../../core/contract/privacy-data';
import { formatBaht, formatDateTime } from '../../../core/format';
import { languageAtom } from '../../lib/state';

/** What the store holds under a phone or an e-mail, readable: orders with their photos, alerts, removals, consents. */
export function MyDataHeld({ data }: { data: HeldData }) {
  const { t } = useLingui();
  const language = useAtomValue(languageAtom);
  const when = (iso: string | null) => (iso === null ? '—' : formatDateTime(iso, language));
  const alertState: Record<HeldAlert['state'], string> = {
    'awaiting-confirmation': t`รอยืนยันอีเมล`,
    active: t`ใช้งานอยู่`,
    stopped: t`หยุดแล้ว`,
  };
  const nothing =
    data.orders.length +
      data.alerts.length +
      data.removals.length +
      data.consents.length +
      data.notices.length ===
    0;

  return (
    <div className="my-data-held">
      <p>
        <Trans>
          ข้อมูลที่เก็บไว้ภายใต้ {data.destination.value} ณ {when(data.generated_at)}
        </Trans>
      </p>
      {nothing && (
        <p className="my-data-nothing">
          <Trans>ร้านไม่ได้เก็บข้อมูลใดไว้ภายใต้เบอร์หรืออีเมลนี้</Trans>
        </p>
      )}

      {data.orders.length > 0 && (
        <section>
          <h2>
            <Trans>คำสั่งซื้อ ({data.orders.length})</Trans>
          </h2>
          <ul className="my-data-list">
            {data.orders.map((order) => (
              <li key={order.order_id} className="my-data-order">
                <p className="my-data-title">{order.event_title}</p>
                <dl>
                  <dt>
                    <Trans>เลขคำสั่งซื้อ</Trans>
                  </dt>
                  <dd className="my-data-id">
                    <a href={`/download/${order.order_id}`}>{order.order_id}</a>
                  </dd>
                  <dt>
                    <Trans>วันที่สั่ง</Trans>
                  </dt>
                  <dd>{when(order.created_at)}</dd>
                  <dt>
                    <Trans>ยอดเงิน</Trans>
                  </dt>
                  <dd>
                    {formatBaht(order.amount)} · {order.payment_status}
                  </dd>
                  <dt>
                    <Trans>เบอร์ / อีเมล</Trans>
                  </dt>
                  <dd>{[order.mobile, order.email].filter((c) => c !== '').join(' · ') || '—'}</dd>
                  <dt>
                    <Trans>เก็บเบอร์และอีเมลถึง</Trans>
                  </dt>
                  <dd>
                    {when(order.contact_erased_on)}
                    {order.contact === 'masked' && (
                      <>
                        {' '}
                        <Trans>(ปิดบังแล้ว)</Trans>
                      </>
                    )}
                  </dd>
                </dl>
                {order.photos.length > 0 && (
                  <ul className="my-data-photos" aria-label={t`ภาพในคำสั่งซื้อ`}>
                    {order.photos.map((photo) => (
                      <li key={photo.id}>
                        {photo.thumbnail ? (
                          <img
                            src={photo.thumbnail}
                            alt={t`ภาพ ${photo.id}`}
                            width={96}
                            height={64}
                            loading="lazy"
                          />
                        ) : (
                          <span className="my-data-gone">
                            <Trans>ภาพ {photo.id} (ลบตามระยะเวลาเก็บแล้ว)</Trans>
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.notices.length > 0 && (
        <section>
          <h2>
            <Trans>ข้อความแจ้งที่ส่งถึงคุณ ({data.notices.length})</Trans>
          </h2>
          <ul className="my-data-list">
            {data.notices.map((notice) => (
              <li key={`${notice.order_id}-${notice.channel}-${notice.created_at}`}>
                {notice.channel} · {notice.recipient} · {when(notice.sent_at ?? notice.created_at)}
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.alerts.length > 0 && (
        <section>
          <h2>
            <Trans>การแจ้งเตือนภาพใหม่ ({data.alerts.length})</Trans>
          </h2>
          <ul className="my-data-list">
            {data.alerts.map((alert) => (
              <li key={alert.id}>
                <p className="my-data-title">{alert.event_title}</p>
                <p>
                  {alertState[alert.state]} · <Trans>สร้างเมื่อ {when(alert.created_at)}</Trans>
                </p>
                <p>
                  {alert.face_kept ? <Trans>เก็บข้อมูลใบหน้าไว้</Trans> : <Trans>ไม่ได้เก็บข้อมูลใบหน้า</Trans>}
                  {alert.bib !== null && (
                    <>
                      {' · '}
                      <Trans>บิบ {alert.bib}</Trans>
                    </>
                  )}
                  {' · '}
                  <Trans>พบภาพ {alert.photos_found} ภาพ</Trans>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.removals.length > 0 && (
        <section>
          <h2>
            <Trans>คำขอนำใบหน้าออกจากการค้นหา ({data.removals.length})</Trans>
          </h2>
          <ul className="my-data-list">
            {data.removals.map((removal) => (
              <li key={removal.id}>
                #{removal.id} · {removal.state} · <Trans>ขอเมื่อ {when(removal.created_at)}</Trans> ·{' '}
                <Trans>นำออก {removal.faces_removed} ใบหน้า</Trans>
                {removal.undone_at && (
                  <>
                    {' · '}
                    <Trans>ยกเลิกเมื่อ {when(removal.undone_at)}</Trans>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.consents.length > 0 && (
        <section>
          <h2>
            <Trans>ความยินยอม ({data.consents.length})</Trans>
          </h2>
          <ul className="my-data-list">
            {data.consents.map((consent) => (
              <li key={consent.id}>
                {consent.purpose} · <Trans>ประกาศฉบับ {consent.notice_version}</Trans> ·{' '}
                <Trans>ให้เมื่อ {when(consent.given_at)}</Trans>
                {consent.withdrawn_at && (
                  <>
                    {' · '}
                    <Trans>ถอนเมื่อ {when(consent.withdrawn_at)}</Trans>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
