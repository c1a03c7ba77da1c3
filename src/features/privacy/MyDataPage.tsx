import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useId, useRef, useState } from 'react';
import type { Erased, HeldData } from '../../../core/contract/privacy-data';
import { formatDateTime } from '../../../core/format';
import {
  askPrivacyCode,
  type CodeDestination,
  eraseHeldData,
  fetchHeldData,
} from '../../lib/api/privacy-data';
import { appSettings } from '../../lib/app-settings';
import { usePageTitle } from '../../lib/page-title';
import { languageAtom } from '../../lib/state';
import {
  type CodeProblem,
  ContactCodeStep,
  codeProblemOf,
  needsNewCode,
  useCodeProblemText,
} from './ContactCodeStep';
import { MyDataHeld } from './MyDataHeld';
import { downloadHeld } from './my-data-form';
import './my-data.css';

type Step = { step: 'ask' } | { step: 'held'; access: string; data: HeldData; erased?: Erased };

/** /privacy/my-data: a code to a phone or an e-mail, then what the store holds under it, its download and erasure. */
export function MyDataPage() {
  const { t } = useLingui();
  usePageTitle(t`ข้อมูลของฉัน`);
  const language = useAtomValue(languageAtom);
  const id = useId();
  const [destination, setDestination] = useState<CodeDestination>();
  const [step, setStep] = useState<Step>({ step: 'ask' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<CodeProblem>();
  const [confirming, setConfirming] = useState(false);
  const running = useRef<AbortController | undefined>(undefined);

  const attempt = async (work: (signal: AbortSignal) => Promise<void>) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setProblem(undefined);
    try {
      await work(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblem(codeProblemOf(error));
    } finally {
      if (running.current === controller) setBusy(false);
    }
  };

  const openData = async (access: string, verified: CodeDestination, signal: AbortSignal) => {
    setDestination(verified);
    setStep({ step: 'held', access, data: await fetchHeldData(access, signal) });
  };

  const erase = () => {
    if (step.step !== 'held') return;
    void attempt(async (signal) => {
      const erased = await eraseHeldData(step.access, signal);
      const data = await fetchHeldData(step.access, signal);
      setConfirming(false);
      setStep({ step: 'held', access: step.access, data, erased });
    });
  };

  const startAgain = () => {
    running.current?.abort();
    setStep({ step: 'ask' });
    setProblem(undefined);
    setConfirming(false);
    setBusy(false);
  };

  const problemText = useCodeProblemText();
  const days = appSettings.privacy.orderContactDays;

  return (
    <div className="my-data-page">
      <h1>
        <Trans>ข้อมูลของฉัน</Trans>
      </h1>
      <p>
        <Trans>
          ดู ดาวน์โหลด และลบข้อมูลที่ร้านเก็บไว้ภายใต้เบอร์มือถือหรืออีเมลของคุณ (คำสั่งซื้อ ภาพ การแจ้งเตือน คำขอนำใบหน้าออก
          และความยินยอม) เราจะส่งรหัสยืนยันไปที่เบอร์หรืออีเมลนั้นก่อน
        </Trans>
      </p>

      {step.step === 'ask' && (
        <ContactCodeStep
          ask={askPrivacyCode}
          verifyLabel={<Trans>ดูข้อมูลของฉัน</Trans>}
          onVerified={openData}
          initialDestination={destination}
        />
      )}

      {problem && (
        <div className="alert error" role="alert">
          <p>{problemText(problem)}</p>
          {needsNewCode(problem) && step.step !== 'ask' && (
            <button type="button" className="button" onClick={startAgain}>
              <Trans>ขอรหัสใหม่</Trans>
            </button>
          )}
        </div>
      )}

      {step.step === 'held' && (
        <>
          {step.erased && (
            <div className="alert success" role="status">
              <p>
                <Trans>
                  ลบแล้ว: การแจ้งเตือน {step.erased.alerts_deleted} รายการ, ลบเบอร์และอีเมลของคำสั่งซื้อ{' '}
                  {step.erased.orders_erased} รายการ, ปิดบังของคำสั่งซื้อ {step.erased.orders_masked} รายการ
                </Trans>
              </p>
              {step.erased.masked_until && (
                <p>
                  <Trans>
                    เบอร์และอีเมลที่ปิดบังไว้จะถูกลบภายใน {formatDateTime(step.erased.masked_until, language)}
                  </Trans>
                </p>
              )}
            </div>
          )}
          <MyDataHeld data={step.data} />
          <div className="my-data-actions">
            <button type="button" className="button" onClick={() => downloadHeld(step.data)}>
              <Trans>ดาวน์โหลดเป็นไฟล์ JSON</Trans>
            </button>
            <button
              type="button"
              className="button danger"
              onClick={() => setConfirming(true)}
              disabled={busy}
            >
              <Trans>ลบข้อมูลของฉัน</Trans>
            </button>
            <button type="button" className="button" onClick={startAgain}>
              <Trans>เสร็จแล้ว</Trans>
            </button>
          </div>
          {confirming && (
            <section className="my-data-confirm" aria-labelledby={`${id}-confirm`}>
              <h2 id={`${id}-confirm`}>
                <Trans>ลบข้อมูลของฉัน?</Trans>
              </h2>
              <ul>
                <li>
                  <Trans>การแจ้งเตือนภาพใหม่ที่ส่งถึงอีเมลนี้จะถูกลบ พร้อมข้อมูลใบหน้าที่เก็บไว้</Trans>
                </li>
                <li>
                  <Trans>เบอร์และอีเมลของคำสั่งซื้อที่เก่ากว่า {days} วันจะถูกลบทันที</Trans>
                </li>
                <li>
                  <Trans>
                    คำสั่งซื้อที่ใหม่กว่านั้น เบอร์และอีเมลจะถูกปิดบัง (เช่น 08******78) และลบเมื่อครบ {days} วัน
                    ค้นหาคำสั่งซื้อด้วยเบอร์นี้จะไม่พบอีก
                  </Trans>
                </li>
                <li>
                  <Trans>
                    คำสั่งซื้อ ยอดเงิน ภาพที่ซื้อ และการชำระเงินยังคงเก็บไว้ตามที่กฎหมายบัญชีกำหนด
                    ภาพที่ซื้อแล้วยังดาวน์โหลดได้จากลิงก์ของคำสั่งซื้อ
                  </Trans>
                </li>
                <li>
                  <Trans>คำขอนำใบหน้าออกจากการค้นหายังคงอยู่ เพื่อไม่ให้ใบหน้าของคุณถูกค้นพบอีก</Trans>
                </li>
              </ul>
              <div className="my-data-actions">
                <button type="button" className="button danger" onClick={erase} disabled={busy}>
                  {busy ? <Trans>กำลังลบ…</Trans> : <Trans>ยืนยันการลบ</Trans>}
                </button>
                <button type="button" className="button" onClick={() => setConfirming(false)}>
                  <Trans>ยกเลิก</Trans>
                </button>
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
