import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { Erased, HeldData } from '../../../core/contract/privacy-data';
import { PRIVACY_CODE_DIGITS } from '../../../core/privacy';
import {
  askPrivacyCode,
  type CodeDestination,
  eraseHeldData,
  fetchHeldData,
  verifyPrivacyCode,
} from '../../lib/api/privacy-data';
import { appSettings } from '../../lib/app-settings';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { languageAtom } from '../../lib/state';
import { MyDataHeld } from './MyDataHeld';
import {
  cleanDestinationInput,
  type DestinationKind,
  type DestinationProblem,
  destinationOf,
  destinationProblem,
  downloadHeld,
  type MyDataProblem,
  problemOf,
  triesLeftOf,
} from './my-data-form';
import './my-data.css';

type Step =
  | { step: 'ask' }
  | { step: 'code'; destination: CodeDestination; requestId: string; sentTo: string; minutes: number }
  | { step: 'held'; access: string; data: HeldData; erased?: Erased };

/** /privacy/my-data: a code to a phone or an e-mail, then what the store holds under it, its download and erasure. */
export function MyDataPage() {
  const { t } = useLingui();
  usePageTitle(t`ข้อมูลของฉัน`);
  const language = useAtomValue(languageAtom);
  const id = useId();
  const [kind, setKind] = useState<DestinationKind>('mobile');
  const [value, setValue] = useState('');
  const [inputProblem, setInputProblem] = useState<DestinationProblem>();
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ step: 'ask' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ kind: MyDataProblem; triesLeft?: number | undefined }>();
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
      setProblem({ kind: problemOf(error), triesLeft: triesLeftOf(error) });
    } finally {
      if (running.current === controller) setBusy(false);
    }
  };

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const found = destinationProblem(kind, value);
    setInputProblem(found);
    if (found) return;
    const destination = destinationOf(kind, value);
    void attempt(async (signal) => {
      const sent = await askPrivacyCode(destination, language, signal);
      setCode('');
      setStep({
        step: 'code',
        destination,
        requestId: sent.request_id,
        sentTo: sent.sent_to,
        minutes: sent.minutes,
      });
    });
  };

  const openData = (event: FormEvent) => {
    event.preventDefault();
    if (step.step !== 'code') return;
    void attempt(async (signal) => {
      const access = await verifyPrivacyCode(step.requestId, code.trim(), step.destination, signal);
      setStep({ step: 'held', access, data: await fetchHeldData(access, signal) });
    });
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
    setCode('');
    setProblem(undefined);
    setConfirming(false);
    setBusy(false);
  };

  const problemText: Record<MyDataProblem, string> = {
    'cannot-send':
      kind === 'mobile' ? t`ร้านนี้ส่งรหัสทาง SMS ไม่ได้ กรุณาใช้อีเมล` : t`ร้านนี้ส่งรหัสทางอีเมลไม่ได้ กรุณาใช้เบอร์มือถือ`,
    'too-many-codes': t`ขอรหัสบ่อยเกินไป กรุณาลองใหม่พรุ่งนี้`,
    'send-failed': t`ส่งรหัสไม่สำเร็จในขณะนี้ กรุณาลองใหม่ในอีกสักครู่`,
    'wrong-code':
      problem?.triesLeft === undefined
        ? t`รหัสไม่ถูกต้อง กรุณาลองอีกครั้ง`
        : t`รหัสไม่ถูกต้อง ลองได้อีก ${problem.triesLeft} ครั้ง`,
    'code-expired': t`รหัสนี้หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอรหัสใหม่`,
    'too-many-tries': t`กรอกรหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่`,
    'access-expired': t`หมดเวลาแล้ว กรุณาขอรหัสใหม่`,
    offline: t`เชื่อมต่อไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองอีกครั้ง`,
    failed: t`เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง`,
  };
  const inputProblemText: Record<DestinationProblem, string> = {
    required: kind === 'mobile' ? t`กรุณากรอกเบอร์มือถือ` : t`กรุณากรอกอีเมล`,
    mobile: t`เบอร์มือถือต้องมี 10 หลัก`,
    email: t`อีเมลไม่ถูกต้อง`,
  };
  const needsNewCode =
    problem?.kind === 'code-expired' ||
    problem?.kind === 'too-many-tries' ||
    problem?.kind === 'access-expired';
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
        <form className="my-data-form" noValidate onSubmit={sendCode}>
          <fieldset className="my-data-kind">
            <legend>
              <Trans>ส่งรหัสไปที่</Trans>
            </legend>
            {(['mobile', 'email'] as const).map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="kind"
                  value={option}
                  checked={kind === option}
                  onChange={() => {
                    setKind(option);
                    setValue('');
                    setInputProblem(undefined);
                    setProblem(undefined);
                  }}
                />{' '}
                {option === 'mobile' ? <Trans>เบอร์มือถือ</Trans> : <Trans>อีเมล</Trans>}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-destination`}>
              {kind === 'mobile' ? <Trans>เบอร์มือถือ</Trans> : <Trans>อีเมล</Trans>}
            </label>
            <input
              id={`${id}-destination`}
              type={kind === 'mobile' ? 'tel' : 'email'}
              inputMode={kind === 'mobile' ? 'numeric' : 'email'}
              autoComplete={kind === 'mobile' ? 'tel' : 'email'}
              value={value}
              aria-invalid={inputProblem ? true : undefined}
              aria-describedby={inputProblem ? `${id}-destination-problem` : undefined}
              onChange={(e) => setValue(cleanDestinationInput(kind, e.target.value))}
            />
            {inputProblem && (
              <p id={`${id}-destination-problem`} className="field-error">
                {inputProblemText[inputProblem]}
              </p>
            )}
          </div>
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? <Trans>กำลังส่ง…</Trans> : <Trans>ส่งรหัส</Trans>}
          </button>
        </form>
      )}

      {step.step === 'code' && (
        <form className="my-data-form" noValidate onSubmit={openData}>
          <p>
            <Trans>
              ส่งรหัส {PRIVACY_CODE_DIGITS} หลักไปที่ {step.sentTo} แล้ว รหัสใช้ได้ {step.minutes} นาที
            </Trans>
          </p>
          <div className="field">
            <label htmlFor={`${id}-code`}>
              <Trans>รหัสยืนยัน</Trans>
            </label>
            <input
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={PRIVACY_CODE_DIGITS}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D+/g, '').slice(0, PRIVACY_CODE_DIGITS))}
            />
          </div>
          <div className="my-data-actions">
            <button
              type="submit"
              className="button primary"
              disabled={busy || code.length !== PRIVACY_CODE_DIGITS}
            >
              {busy ? <Trans>กำลังตรวจสอบ…</Trans> : <Trans>ดูข้อมูลของฉัน</Trans>}
            </button>
            <button type="button" className="button" onClick={startAgain}>
              <Trans>ขอรหัสใหม่</Trans>
            </button>
          </div>
        </form>
      )}

      {problem && (
        <div className="alert error" role="alert">
          <p>{problemText[problem.kind]}</p>
          {needsNewCode && step.step !== 'ask' && (
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
