// "Tell me when new photos of me arrive", under the face search's answer: the runner agrees to what is
// kept (the face's descriptor, never the selfie; the bib if given; until the event's photos are deleted or they
// stop), then is told by this app's notifications, or, where a web page cannot notify (Safari before the app is
// installed), by e-mail confirmed by a link first. An alert made on this device says so and can be stopped here; the
// e-mail's link lands here to confirm it with a button (a mail scanner's visit confirms nothing). The face goes only
// with the runner's explicit face consent (privacy/face-consent.ts): the one kept on the device, or the box ticked
// here; a consent the store does not take is forgotten and the box asked again. After a bib search the offer is a
// bib's ("new photos of bib 1234"), the selfie named for what it does there: it proves the bib is the runner's.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { type FormEvent, type JSX, useEffect, useId, useState } from 'react';
import { UPLOAD_CONTENT_TYPE } from '../../../core/constants';
import type { AlertState, PushSubscriptionJson } from '../../../core/contract/alerts';
import type { FaceConsent } from '../../../core/contract/privacy';
import { confirmAlert, createAlert, fetchAlert, fetchPushKey, stopAlert } from '../../lib/api/alerts';
import { ApiError } from '../../lib/api/client';
import { signSelfieUpload } from '../../lib/api/facesearch';
import { appSettings } from '../../lib/app-settings';
import { putSigned } from '../../lib/put-signed';
import { languageAtom } from '../../lib/state';
import { Dialog } from '../../lib/ui/Dialog';
import { FaceConsentCheckbox } from '../privacy/FaceConsentCheckbox';
import { currentFaceConsent, forgetFaceConsent, giveFaceConsent } from '../privacy/face-consent';
import { forgetAlert, keepAlert, keptAlert } from './kept-alert';
import { pushAvailable, subscribeToPush } from './push-support';
import './alerts.css';

export interface PhotoAlertsProps {
  eventKey: string;
  /** The selfie of the last search on this page (in memory), if any. */
  selfie: () => Blob | undefined;
  /** The bib the runner searched with, if any. */
  bib: string | undefined;
  /** A search has answered on this page: the offer shows. */
  answered: boolean;
  /** The e-mail's confirmation secret from the page's address (?alert_confirm=). */
  confirmSecret?: string | undefined;
}

type Problem =
  | 'consent'
  | 'denied'
  | 'failed'
  | 'no-face'
  | 'no-email'
  | 'too-many'
  | 'select-selfie-again'
  | 'push-refused';

const problemOf = (error: unknown): Problem => {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.serverCode === 'consent-required') return 'consent';
  if (error.serverCode === 'no-face') return 'no-face';
  if (error.serverCode === 'no-email') return 'no-email';
  if (error.serverCode === 'too-many-alerts') return 'too-many';
  // A search of long ago (the page left open): the runner searches again first.
  if (error.serverCode === 'search-expired' || error.serverCode === 'search-first')
    return 'select-selfie-again';
  if (error.serverCode === 'push-endpoint-refused') return 'push-refused';
  return 'failed';
};

export function PhotoAlerts({ eventKey, selfie, bib, answered, confirmSecret }: PhotoAlertsProps) {
  const { t } = useLingui();
  const language = useAtomValue(languageAtom);
  // Read after hydration: the server's HTML has no device's alert.
  const [token, setToken] = useState<string | undefined>(undefined);
  const [alert, setAlert] = useState<AlertState | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const [email, setEmail] = useState('');
  const [confirmed, setConfirmed] = useState<'no' | 'yes' | 'gone'>('no');
  // The face consent's box, shown while this device holds none under the current notice.
  const [faceAgreed, setFaceAgreed] = useState(false);
  const emailId = useId();
  const canPush = pushAvailable();
  const canEmail = appSettings.alertsByEmail;

  useEffect(() => {
    setToken(keptAlert(eventKey));
  }, [eventKey]);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetchAlert(token, controller.signal)
      .then((state) => {
        if (state.state === 'stopped') {
          forgetAlert(eventKey);
          setToken(undefined);
        }
        setAlert(state);
      })
      .catch((error) => {
        if (error instanceof ApiError && error.httpStatus === 404) {
          forgetAlert(eventKey);
          setToken(undefined);
        }
      });
    return () => controller.abort();
  }, [token, eventKey]);

  /** The face (the selfie sent once more, then deleted by the store) and/or the bib, told by push or e-mail. */
  const make = async (channel: { push: true } | { email: string }) => {
    setWorking(true);
    setProblem(undefined);
    try {
      const face = selfie();
      let consent: FaceConsent | undefined;
      if (face) {
        consent = currentFaceConsent() ?? (faceAgreed ? giveFaceConsent() : undefined);
        if (!consent) {
          setProblem('consent');
          return;
        }
      }
      let upload: { search_id: string; file_location: string } | undefined;
      if (face) {
        const signed = await signSelfieUpload(eventKey, 'alert.jpg', consent);
        await putSigned(signed.url, face, UPLOAD_CONTENT_TYPE);
        upload = { search_id: signed.search_id, file_location: signed.file_location };
      }
      let via: { push: PushSubscriptionJson } | { email: string };
      if ('push' in channel) {
        const subscribed = await subscribeToPush(await fetchPushKey());
        if (!subscribed.ok) {
          setProblem(subscribed.reason);
          return;
        }
        via = { push: subscribed.subscription };
      } else via = { email: channel.email };
      const ask = (withBib: boolean) =>
        createAlert({
          event_key: eventKey,
          ...upload,
          ...(withBib && bib ? { bib } : {}),
          ...(consent ? { consent } : {}),
          language,
          ...via,
        });
      const made = await ask(true).catch(async (error: unknown) => {
        // The photos of this face do not show the bib (yet): the store keeps a bib only when they do, so the
        // alert tells by the face alone (the selfie sent once more).
        if (!(error instanceof ApiError && error.serverCode === 'bib-not-shown' && face)) throw error;
        const signed = await signSelfieUpload(eventKey, 'alert.jpg', consent);
        await putSigned(signed.url, face, UPLOAD_CONTENT_TYPE);
        upload = { search_id: signed.search_id, file_location: signed.file_location };
        return ask(false);
      });
      keepAlert(eventKey, made.token);
      setToken(made.token);
      setAlert(made.alert);
      setAsking(false);
    } catch (error) {
      const found = problemOf(error);
      if (found === 'consent') {
        // Not taken by the store (an older notice, or withdrawn elsewhere): the box is asked again.
        forgetFaceConsent();
        setFaceAgreed(false);
      }
      setProblem(found);
    } finally {
      setWorking(false);
    }
  };

  const stop = async () => {
    if (!token) return;
    setWorking(true);
    try {
      setAlert(await stopAlert(token));
      forgetAlert(eventKey);
      setToken(undefined);
    } catch {
      setProblem('failed');
    } finally {
      setWorking(false);
    }
  };

  const confirm = async () => {
    if (!confirmSecret) return;
    setWorking(true);
    try {
      const state = await confirmAlert(confirmSecret);
      setAlert(state);
      setConfirmed('yes');
    } catch (error) {
      setConfirmed(error instanceof ApiError && error.httpStatus === 404 ? 'gone' : 'no');
      if (!(error instanceof ApiError && error.httpStatus === 404)) setProblem('failed');
    } finally {
      setWorking(false);
    }
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    void make({ email: email.trim() });
  };

  const problemText = problem && <ProblemText problem={problem} />;

  if (confirmSecret && confirmed !== 'yes') {
    return (
      <section className="photo-alerts" aria-live="polite">
        {confirmed === 'gone' ? (
          <p>
            <Trans>ลิงก์ยืนยันนี้ใช้ไม่ได้แล้ว</Trans>
          </p>
        ) : (
          <>
            <p>
              <Trans>ยืนยันอีเมลของคุณเพื่อรับแจ้งเมื่อมีภาพใหม่ของคุณในงานนี้</Trans>
            </p>
            <button
              type="button"
              className="button primary"
              disabled={working}
              onClick={() => void confirm()}
            >
              <Trans>ยืนยันอีเมล</Trans>
            </button>
          </>
        )}
        {problemText}
      </section>
    );
  }

  if (alert && alert.state !== 'stopped') {
    return (
      <section className="photo-alerts" aria-live="polite">
        <p>
          {alert.state === 'awaiting-confirmation' ? (
            <Trans>รอยืนยันอีเมล {alert.email}: เปิดลิงก์ในอีเมลที่เราส่งไป แล้วเราจะแจ้งคุณเมื่อมีภาพใหม่ของคุณในงานนี้</Trans>
          ) : alert.channel === 'email' ? (
            <Trans>เราจะแจ้งทางอีเมล {alert.email} เมื่อมีภาพใหม่ของคุณในงานนี้</Trans>
          ) : (
            <Trans>เราจะแจ้งเตือนบนอุปกรณ์นี้เมื่อมีภาพใหม่ของคุณในงานนี้</Trans>
          )}
        </p>
        {bib && alert.bib === null && (
          <p>
            <Trans>เราเทียบด้วยใบหน้าของคุณ: ภาพของคุณที่มีอยู่ยังไม่เห็นบิบหมายเลข {bib}</Trans>
          </p>
        )}
        <button type="button" className="button" disabled={working} onClick={() => void stop()}>
          <Trans>หยุดแจ้งเตือน</Trans>
        </button>
        {problemText}
      </section>
    );
  }

  if (answered && !selfie() && bib && alert?.state !== 'stopped') {
    // A bib alone would let anyone follow whoever wears it: alerts start from the runner's own face.
    return (
      <section className="photo-alerts">
        <p>
          <Trans>
            อยากรู้เมื่อมีภาพใหม่ของหมายเลขบิบ {bib}? ค้นหาด้วยรูปเซลฟี่ของคุณหนึ่งครั้ง ใบหน้าของคุณยืนยันว่าบิบนี้เป็นของคุณ
            แล้วเราจะแจ้งคุณได้
          </Trans>
        </p>
      </section>
    );
  }

  if (!answered || !selfie()) {
    return alert?.state === 'stopped' ? (
      <section className="photo-alerts" aria-live="polite">
        <p>
          <Trans>หยุดแจ้งเตือนแล้ว เราจะไม่แจ้งคุณอีก</Trans>
        </p>
      </section>
    ) : null;
  }

  return (
    <section className="photo-alerts">
      {alert?.state === 'stopped' && (
        <p>
          <Trans>หยุดแจ้งเตือนแล้ว เราจะไม่แจ้งคุณอีก</Trans>
        </p>
      )}
      <button type="button" className="button" onClick={() => setAsking(true)}>
        {bib ? <Trans>แจ้งฉันเมื่อมีภาพใหม่ของบิบ {bib}</Trans> : <Trans>แจ้งฉันเมื่อมีภาพใหม่ของฉัน</Trans>}
      </button>
      <Dialog
        open={asking}
        title={bib ? t`แจ้งฉันเมื่อมีภาพใหม่ของบิบ ${bib}` : t`แจ้งฉันเมื่อมีภาพใหม่ของฉัน`}
        onCancel={() => setAsking(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setAsking(false)}>
              <Trans>ไม่ใช่ตอนนี้</Trans>
            </button>
            {canPush && (
              <button
                type="button"
                className="button primary"
                disabled={working}
                onClick={() => void make({ push: true })}
              >
                <Trans>เปิดการแจ้งเตือน</Trans>
              </button>
            )}
          </>
        }
      >
        {bib ? (
          // A bib alert: the bib is what is watched for; the selfie searched with earlier only proves it is the
          // runner's (a bib alone would let anyone follow whoever wears it), and is said to be kept for that.
          <>
            <p>
              <Trans>
                ช่างภาพยังส่งภาพเข้ามาเรื่อย ๆ เราจะแจ้งคุณเมื่อมีภาพใหม่ที่เห็นหมายเลขบิบ {bib} ในงานนี้ ไม่บ่อยกว่าทุก 10 นาที
              </Trans>
            </p>
            <p>
              <Trans>
                เพื่อให้มีแค่คุณที่ติดตามบิบนี้ได้ เราใช้รูปเซลฟี่ที่คุณค้นหาไว้ก่อนหน้านี้ยืนยันว่าบิบนี้เป็นของคุณ เราเก็บหมายเลขบิบ
                และข้อมูลใบหน้าจากรูปนั้น (ตัวเลขที่คำนวณจากรูป ไม่ใช่ตัวรูป) จนกว่าภาพของงานนี้จะถูกลบหรือคุณกดหยุดแจ้งเตือน
              </Trans>{' '}
              <AlertPrivacyLinks />
            </p>
          </>
        ) : (
          <>
            <p>
              <Trans>
                ช่างภาพยังส่งภาพเข้ามาเรื่อย ๆ เราจะเทียบใบหน้าของคุณกับภาพที่เข้ามาใหม่ในงานนี้ แล้วแจ้งคุณ ไม่บ่อยกว่าทุก 10 นาที
              </Trans>
            </p>
            <p>
              <Trans>
                เราเก็บข้อมูลใบหน้าของคุณ (ตัวเลขที่คำนวณจากรูปเซลฟี่ ไม่ใช่ตัวรูป) จนกว่าภาพของงานนี้จะถูกลบ หรือคุณกดหยุดแจ้งเตือน
              </Trans>{' '}
              <AlertPrivacyLinks />
            </p>
          </>
        )}
        {selfie() && !currentFaceConsent() && (
          <FaceConsentCheckbox checked={faceAgreed} onChange={setFaceAgreed} />
        )}
        {!canPush &&
          (canEmail ? (
            <form className="photo-alerts-email" onSubmit={submitEmail}>
              <p>
                <Trans>อุปกรณ์นี้รับการแจ้งเตือนจากหน้าเว็บไม่ได้ เราแจ้งทางอีเมลแทนได้ หลังคุณกดยืนยันในอีเมล</Trans>
              </p>
              <label htmlFor={emailId}>
                <Trans>อีเมลของคุณ</Trans>
              </label>
              <input
                id={emailId}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
              <button type="submit" className="button primary" disabled={working}>
                <Trans>ส่งลิงก์ยืนยัน</Trans>
              </button>
            </form>
          ) : (
            <p>
              <Trans>อุปกรณ์นี้รับการแจ้งเตือนจากหน้าเว็บไม่ได้ ติดตั้งแอปลงหน้าจอโฮมก่อน แล้วเปิดจากไอคอนเพื่อลองอีกครั้ง</Trans>
            </p>
          ))}
        {problemText}
      </Dialog>
    </section>
  );
}

function ProblemText({ problem }: { problem: Problem }) {
  return (
    <p className="alert error" role="alert">
      {problem === 'consent' ? (
        <Trans>กรุณาติ๊กช่องยินยอมให้ใช้ใบหน้าของคุณก่อน</Trans>
      ) : problem === 'denied' ? (
        <Trans>การแจ้งเตือนของเว็บนี้ถูกปิดไว้ เปิดได้ในการตั้งค่าของเบราว์เซอร์ แล้วลองอีกครั้ง</Trans>
      ) : problem === 'no-face' ? (
        <Trans>ไม่พบใบหน้าในรูปนี้</Trans>
      ) : problem === 'no-email' ? (
        <Trans>ร้านนี้ไม่ได้ส่งอีเมล กรุณาเปิดการแจ้งเตือนแทน</Trans>
      ) : problem === 'too-many' ? (
        <Trans>อีเมลนี้ได้รับอีเมลยืนยันครบจำนวนของวันนี้แล้ว กรุณาลองใหม่พรุ่งนี้</Trans>
      ) : problem === 'push-refused' ? (
        <Trans>ใช้การแจ้งเตือนของเบราว์เซอร์นี้ไม่ได้ กรุณาใช้ Chrome, Safari, Firefox หรือ Edge</Trans>
      ) : problem === 'select-selfie-again' ? (
        <Trans>รูปเซลฟี่หมดอายุแล้ว กรุณาค้นหาด้วยรูปเซลฟี่อีกครั้ง</Trans>
      ) : (
        <Trans>ทำไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Trans>
      )}
    </p>
  );
}

/** Where an alert's kept data is explained: how face search works, and the privacy notice. */
function AlertPrivacyLinks(): JSX.Element {
  return (
    <>
      <Link to="/how-face-search-works" hash="alerts">
        <Trans>การค้นหาด้วยใบหน้าทำงานอย่างไร</Trans>
      </Link>{' '}
      <a href="/privacy">
        <Trans>ประกาศความเป็นส่วนตัว</Trans>
      </a>
    </>
  );
}
