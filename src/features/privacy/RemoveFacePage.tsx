import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { RemovalAnswer } from '../../../core/contract/privacy';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import type { CodeDestination } from '../../lib/api/privacy-data';
import {
  askRemovalCode,
  askUndoRemovalCode,
  type RemovalUndone,
  removeMyFace,
  undoMyRemovals,
} from '../../lib/api/privacy-removal';
import { usePageTitle } from '../../lib/page-title';
import { reveal } from '../../lib/reveal';
import { languageAtom } from '../../lib/state';
import { SelfieInputs } from '../face-search/SelfiePicker';
import { ContactCodeStep } from './ContactCodeStep';
import { prepareSelfie, type RemovalProblem, removalConsent, removalProblemOf } from './remove-face';
import './privacy.css';
import './remove-face.css';

type Step =
  | { step: 'contact'; destination?: CodeDestination | undefined }
  | { step: 'selfie'; access: string; destination: CodeDestination }
  | { step: 'done'; answer: RemovalAnswer };

/**
 * /privacy/remove: a runner's objection to being found by face. What it does in plain words, a code to their phone
 * or e-mail, their consent to keep their face only to keep them out, the selfie, then what was removed; and undoing
 * it with a code to the same contact.
 */
export function RemoveFacePage() {
  const { t } = useLingui();
  usePageTitle(t`นำใบหน้าของฉันออก`);
  const [step, setStep] = useState<Step>({ step: 'contact' });
  // Each new step is brought into view and read out: on a phone the button pressed was far below its heading.
  const stepStart = useRef<HTMLDivElement>(null);
  const firstStep = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new step
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    reveal(stepStart.current);
    stepStart.current?.focus({ preventScroll: true });
  }, [step.step]);
  return (
    <div className="my-data-page remove-face-page">
      <h1>
        <Trans>นำใบหน้าของฉันออก</Trans>
      </h1>
      <div ref={stepStart} tabIndex={-1} className="remove-face-step">
        {step.step === 'contact' && (
          <>
            <RemovalExplained />
            <h2>
              <Trans>ยืนยันว่าเป็นคุณ</Trans>
            </h2>
            <p>
              <Trans>เราจะส่งรหัสยืนยันไปที่เบอร์มือถือหรืออีเมลของคุณ เบอร์หรืออีเมลนี้ใช้ยกเลิกการนำใบหน้าออกได้ภายหลัง</Trans>
            </p>
            <ContactCodeStep
              ask={askRemovalCode}
              verifyLabel={<Trans>ยืนยันรหัส</Trans>}
              initialDestination={step.destination}
              onVerified={async (access, destination) => setStep({ step: 'selfie', access, destination })}
            />
          </>
        )}
        {step.step === 'selfie' && (
          <SelfieStep
            access={step.access}
            onDone={(answer) => setStep({ step: 'done', answer })}
            onNewCode={() => setStep({ step: 'contact', destination: step.destination })}
          />
        )}
        {step.step === 'done' && <RemovalDone answer={step.answer} />}
      </div>
      <UndoRemoval />
    </div>
  );
}

/** What removing does, honestly: also what it does not. */
function RemovalExplained() {
  return (
    <section className="remove-face-explained">
      <h2>
        <Trans>เมื่อนำใบหน้าออก</Trans>
      </h2>
      <ul>
        <li>
          <Trans>ใบหน้าของคุณจะถูกนำออกจากการค้นหาด้วยใบหน้า ในทุกงานที่ร้านยังเก็บภาพไว้</Trans>
        </li>
        <li>
          <Trans>ภาพตัวอย่างที่ทุกคนเห็นของรูปเหล่านั้นจะถูกทำใหม่ โดยเบลอใบหน้าของคุณ</Trans>
        </li>
        <li>
          <Trans>รูปที่นำเข้าภายหลังก็จะไม่ให้ค้นพบใบหน้าของคุณ และเบลอใบหน้าของคุณเช่นกัน</Trans>
        </li>
        <li>
          <Trans>เพื่อการนี้ เราเก็บค่าตัวเลขของใบหน้าคุณไว้ (ไม่ใช่รูปเซลฟี่) ใช้เพื่อกันคุณออกจากภาพเท่านั้น จนกว่าคุณจะยกเลิก</Trans>
        </li>
        <li>
          <Trans>ผู้ที่ซื้อรูปไปแล้วยังเก็บรูปที่ซื้อไว้ได้</Trans>
        </li>
        <li>
          <Trans>หมายเลขบิบของคุณยังใช้ค้นหารูปของคุณได้ ใครที่รู้หมายเลขบิบจะพบรูปเหล่านั้น (ใบหน้าของคุณเบลอ)</Trans>
        </li>
      </ul>
    </section>
  );
}

function SelfieStep({
  access,
  onDone,
  onNewCode,
}: {
  access: string;
  onDone(answer: RemovalAnswer): void;
  onNewCode(): void;
}) {
  const { t } = useLingui();
  const language = useAtomValue(languageAtom);
  const id = useId();
  const [consented, setConsented] = useState(false);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<RemovalProblem>();
  const running = useRef<AbortController | undefined>(undefined);

  const chosen = file?.name;

  const remove = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!consented) return setProblem('consent-required');
    if (!file) return setProblem('no-selfie');
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setProblem(undefined);
    try {
      const selfie = await prepareSelfie(file, controller.signal);
      const answer = await removeMyFace(
        { access, consent: removalConsent(), language, selfie: selfie.body, fileName: selfie.name },
        controller.signal,
      );
      onDone(answer);
    } catch (error) {
      if (controller.signal.aborted) return;
      setProblem(removalProblemOf(error));
    } finally {
      if (running.current === controller) setBusy(false);
    }
  };

  const problemText: Record<RemovalProblem, string> = {
    'consent-required': t`กรุณาทำเครื่องหมายยินยอมก่อน จึงจะนำใบหน้าของคุณออกได้`,
    'no-selfie': t`กรุณาเลือกหรือถ่ายรูปเซลฟี่ที่เห็นใบหน้าชัดเจน`,
    'access-expired': t`หมดเวลาแล้ว กรุณาขอรหัสใหม่`,
    'no-face': t`ไม่พบใบหน้าในรูปนี้ กรุณาใช้รูปเซลฟี่ที่เห็นใบหน้าชัดเจน`,
    'not-an-image': t`ไฟล์นี้ไม่ใช่รูปภาพ กรุณาเลือกไฟล์ jpg หรือ png`,
    'too-large': t`กรุณาอัปโหลดไฟล์ที่มีขนาดเล็กกว่า 5MB`,
    'too-many-pixels': t`รูปนี้ใหญ่เกินไป กรุณาใช้รูปที่เล็กลง`,
    'faces-unavailable': t`ขณะนี้ระบบอ่านใบหน้าไม่ได้ กรุณาลองใหม่ภายหลัง`,
    offline: t`เชื่อมต่อไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองอีกครั้ง`,
    failed: t`เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง`,
  };

  return (
    <form className="my-data-form remove-face-form" noValidate onSubmit={remove}>
      <h2>
        <Trans>รูปเซลฟี่ของคุณ</Trans>
      </h2>
      <div className="face-consent">
        <input
          id={`${id}-consent`}
          type="checkbox"
          checked={consented}
          aria-describedby={`${id}-consent-notice`}
          onChange={(event) => {
            setConsented(event.currentTarget.checked);
            if (problem === 'consent-required') setProblem(undefined);
          }}
        />
        <div>
          <label htmlFor={`${id}-consent`}>
            <Trans>ฉันยินยอมให้ร้านเก็บค่าตัวเลขของใบหน้าฉันไว้ เพื่อกันฉันออกจากภาพเท่านั้น</Trans>
          </label>
          <p id={`${id}-consent-notice`} className="face-consent-notice">
            <Trans>
              ตาม<a href="/privacy">ประกาศความเป็นส่วนตัว</a> ฉบับ {PRIVACY_NOTICE_VERSION} ยกเลิกได้ทุกเมื่อที่ท้ายหน้านี้
            </Trans>
          </p>
        </div>
      </div>
      <fieldset className="remove-face-selfie" disabled={busy}>
        <legend>
          <Trans>รูปเซลฟี่ที่เห็นใบหน้าชัดเจน (ไฟล์ jpg หรือ png)</Trans>
        </legend>
        <SelfieInputs
          disabled={busy}
          onFile={(picked) => {
            setFile(picked);
            if (problem !== 'consent-required') setProblem(undefined);
          }}
          pickLabel={<Trans>เลือกรูปเซลฟี่</Trans>}
          cameraLabel={<Trans>ถ่ายเซลฟี่</Trans>}
        />
        {chosen && (
          <p className="remove-face-file">
            <Trans>รูปที่เลือก: {chosen}</Trans>
          </p>
        )}
        <p className="remove-face-hint">
          <Trans>รูปเซลฟี่ใช้หาใบหน้าของคุณเท่านั้น เราไม่เก็บรูปนี้</Trans>
        </p>
      </fieldset>
      {problem && (
        <div className="alert error" role="alert">
          <p>{problemText[problem]}</p>
          {problem === 'access-expired' && (
            <button type="button" className="button" onClick={onNewCode}>
              <Trans>ขอรหัสใหม่</Trans>
            </button>
          )}
        </div>
      )}
      <div className="my-data-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? <Trans>กำลังนำใบหน้าของคุณออก…</Trans> : <Trans>นำใบหน้าของฉันออก</Trans>}
        </button>
      </div>
    </form>
  );
}

function RemovalDone({ answer }: { answer: RemovalAnswer }) {
  return (
    <section className="alert info remove-face-done" role="status">
      <h2>
        <Trans>นำใบหน้าของคุณออกแล้ว</Trans>
      </h2>
      {answer.photos > 0 ? (
        <>
          <p>
            <Trans>
              นำใบหน้าของคุณออกจากการค้นหาแล้ว <Plural value={answer.photos} one="# รูป" other="# รูป" /> ใน{' '}
              <Plural value={answer.events} one="# งาน" other="# งาน" />
            </Trans>
          </p>
          <p>
            <Trans>ภาพตัวอย่างของรูปเหล่านี้กำลังถูกทำใหม่ให้ใบหน้าของคุณเบลอ ภายในไม่กี่นาที</Trans>
          </p>
        </>
      ) : (
        <p>
          <Trans>ไม่พบใบหน้าของคุณในรูปของงานที่ร้านเก็บภาพไว้ตอนนี้</Trans>
        </p>
      )}
      <p>
        <Trans>รูปที่นำเข้าภายหลังจะไม่ให้ค้นพบใบหน้าของคุณเช่นกัน</Trans>
      </p>
    </section>
  );
}

/** Undoing: a code of purpose undo-removal to the contact the removal was made with, then every removal undone. */
function UndoRemoval() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [undone, setUndone] = useState<RemovalUndone>();
  return (
    <section className="remove-face-undo" aria-labelledby={`${id}-undo`}>
      <h2 id={`${id}-undo`}>
        <Trans>ยกเลิกการนำใบหน้าออก</Trans>
      </h2>
      <p>
        <Trans>
          เคยนำใบหน้าออกแล้วและต้องการยกเลิก? ใช้เบอร์มือถือหรืออีเมลเดียวกับที่ใช้ตอนนำออก ใบหน้าของคุณจะกลับมาค้นหาได้
          และภาพตัวอย่างจะไม่เบลออีก
        </Trans>
      </p>
      {undone ? (
        <div className="alert info" role="status">
          {undone.undone > 0 ? (
            <p>
              <Trans>
                ยกเลิกแล้ว <Plural value={undone.undone} one="# คำขอ" other="# คำขอ" />{' '}
                รูปจะกลับมาค้นหาได้ภายในไม่กี่นาที
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>ไม่พบคำขอนำใบหน้าออกที่ยังมีผลภายใต้เบอร์หรืออีเมลนี้</Trans>
            </p>
          )}
        </div>
      ) : open ? (
        <ContactCodeStep
          ask={askUndoRemovalCode}
          verifyLabel={<Trans>ยืนยันและยกเลิกการนำใบหน้าออก</Trans>}
          onVerified={async (access, _destination, signal) => setUndone(await undoMyRemovals(access, signal))}
        />
      ) : (
        <button type="button" className="button" aria-expanded={false} onClick={() => setOpen(true)}>
          <Trans>ยกเลิกการนำใบหน้าออก</Trans>
        </button>
      )}
    </section>
  );
}
