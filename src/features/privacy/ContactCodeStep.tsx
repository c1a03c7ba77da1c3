// The one-time code steps the privacy pages share (my data, remove my face, undo it): a phone or an e-mail, the
// code sent there, then the code typed, which the store turns into an access for one purpose. The page gives the
// call that asks for the code (its purpose) and what happens once the code is right; refusals of either are said
// here in their own words.
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { PRIVACY_CODE_DIGITS } from '../../../core/privacy';
import { type CodeDestination, verifyPrivacyCode } from '../../lib/api/privacy-data';
import { languageAtom } from '../../lib/state';
import {
  cleanDestinationInput,
  type DestinationKind,
  type DestinationProblem,
  destinationOf,
  destinationProblem,
  type MyDataProblem,
  problemOf,
  triesLeftOf,
} from './my-data-form';
import './my-data.css';

/** What the store answered to a code request. */
export interface CodeSent {
  request_id: string;
  sent_to: string;
  minutes: number;
}

export type AskCode = (
  destination: CodeDestination,
  language: 'th' | 'en',
  signal?: AbortSignal,
) => Promise<CodeSent>;

/** A refusal as the page shows it: which one, and the tries left a wrong code still has. */
export interface CodeProblem {
  kind: MyDataProblem;
  triesLeft?: number | undefined;
}

export const codeProblemOf = (error: unknown): CodeProblem => ({
  kind: problemOf(error),
  triesLeft: triesLeftOf(error),
});

/** The refusals' words (a code request's depend on whether a phone or an e-mail was given). */
export function useCodeProblemText(): (problem: CodeProblem, kind?: DestinationKind) => string {
  const { t } = useLingui();
  return (problem, kind = 'mobile') => {
    switch (problem.kind) {
      case 'cannot-send':
        return kind === 'mobile'
          ? t`ร้านนี้ส่งรหัสทาง SMS ไม่ได้ กรุณาใช้อีเมล`
          : t`ร้านนี้ส่งรหัสทางอีเมลไม่ได้ กรุณาใช้เบอร์มือถือ`;
      case 'too-many-codes':
        return t`ขอรหัสบ่อยเกินไป กรุณาลองใหม่พรุ่งนี้`;
      case 'send-failed':
        return t`ส่งรหัสไม่สำเร็จในขณะนี้ กรุณาลองใหม่ในอีกสักครู่`;
      case 'wrong-code':
        return problem.triesLeft === undefined
          ? t`รหัสไม่ถูกต้อง กรุณาลองอีกครั้ง`
          : t`รหัสไม่ถูกต้อง ลองได้อีก ${problem.triesLeft} ครั้ง`;
      case 'code-expired':
        return t`รหัสนี้หมดอายุหรือถูกใช้ไปแล้ว กรุณาขอรหัสใหม่`;
      case 'too-many-tries':
        return t`กรอกรหัสผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่`;
      case 'access-expired':
        return t`หมดเวลาแล้ว กรุณาขอรหัสใหม่`;
      case 'offline':
        return t`เชื่อมต่อไม่ได้ กรุณาตรวจสอบอินเทอร์เน็ตแล้วลองอีกครั้ง`;
      default:
        return t`เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง`;
    }
  };
}

/** Refusals after which the same code can never work: only a new one helps. */
export const needsNewCode = (problem: CodeProblem | undefined): boolean =>
  problem?.kind === 'code-expired' ||
  problem?.kind === 'too-many-tries' ||
  problem?.kind === 'access-expired';

export interface ContactCodeStepProps {
  /** Asks the store for a code of the page's purpose. */
  ask: AskCode;
  /** The code form's button ("see my data", "continue"). */
  verifyLabel: ReactNode;
  /**
   * The code was right: what the page does with the access (load what it opens, move on). Runs while the step
   * shows itself busy; a refusal it throws is said here like the code's own.
   */
  onVerified(access: string, destination: CodeDestination, signal: AbortSignal): Promise<void>;
  /** The phone or e-mail to start with (the one given before, when a new code is asked for). */
  initialDestination?: CodeDestination | undefined;
}

type Stage =
  | { stage: 'ask' }
  | { stage: 'code'; destination: CodeDestination; requestId: string; sentTo: string; minutes: number };

export function ContactCodeStep({ ask, verifyLabel, onVerified, initialDestination }: ContactCodeStepProps) {
  const language = useAtomValue(languageAtom);
  const id = useId();
  const [kind, setKind] = useState<DestinationKind>(
    initialDestination && 'email' in initialDestination ? 'email' : 'mobile',
  );
  const [value, setValue] = useState(
    initialDestination
      ? 'email' in initialDestination
        ? initialDestination.email
        : initialDestination.mobile
      : '',
  );
  const [inputProblem, setInputProblem] = useState<DestinationProblem>();
  const [code, setCode] = useState('');
  const [stage, setStage] = useState<Stage>({ stage: 'ask' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<CodeProblem>();
  const running = useRef<AbortController | undefined>(undefined);
  const problemText = useCodeProblemText();

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

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const found = destinationProblem(kind, value);
    setInputProblem(found);
    if (found) return;
    const destination = destinationOf(kind, value);
    void attempt(async (signal) => {
      const sent = await ask(destination, language, signal);
      setCode('');
      setStage({
        stage: 'code',
        destination,
        requestId: sent.request_id,
        sentTo: sent.sent_to,
        minutes: sent.minutes,
      });
    });
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    if (stage.stage !== 'code') return;
    void attempt(async (signal) => {
      const access = await verifyPrivacyCode(stage.requestId, code.trim(), stage.destination, signal);
      await onVerified(access, stage.destination, signal);
    });
  };

  const startAgain = () => {
    running.current?.abort();
    setStage({ stage: 'ask' });
    setCode('');
    setProblem(undefined);
    setBusy(false);
  };

  const inputProblemText: Record<DestinationProblem, ReactNode> = {
    required: kind === 'mobile' ? <Trans>กรุณากรอกเบอร์มือถือ</Trans> : <Trans>กรุณากรอกอีเมล</Trans>,
    mobile: <Trans>เบอร์มือถือต้องมี 10 หลัก</Trans>,
    email: <Trans>อีเมลไม่ถูกต้อง</Trans>,
  };

  return (
    <>
      {stage.stage === 'ask' && (
        <form className="my-data-form" noValidate onSubmit={sendCode}>
          <fieldset className="my-data-kind">
            <legend>
              <Trans>ส่งรหัสไปที่</Trans>
            </legend>
            {(['mobile', 'email'] as const).map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name={`${id}-kind`}
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

      {stage.stage === 'code' && (
        <form className="my-data-form" noValidate onSubmit={verify}>
          <p>
            <Trans>
              ส่งรหัส {PRIVACY_CODE_DIGITS} หลักไปที่ {stage.sentTo} แล้ว รหัสใช้ได้ {stage.minutes} นาที
            </Trans>
          </p>
          <div className="field">
            <label htmlFor={`${id}-code`}>
              <Trans>รหัสยืนยัน</Trans>
            </label>
            <input
              id={`${id}-code`}
              type="text"
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
              {busy ? <Trans>กำลังตรวจสอบ…</Trans> : verifyLabel}
            </button>
            <button type="button" className="button" onClick={startAgain}>
              <Trans>ขอรหัสใหม่</Trans>
            </button>
          </div>
        </form>
      )}

      {problem && (
        <div className="alert error" role="alert">
          <p>{problemText(problem, kind)}</p>
          {needsNewCode(problem) && stage.stage !== 'ask' && (
            <button type="button" className="button" onClick={startAgain}>
              <Trans>ขอรหัสใหม่</Trans>
            </button>
          )}
        </div>
      )}
    </>
  );
}
