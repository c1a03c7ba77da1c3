// Search by bib number beside the selfie: a numeric field (Thai digits too) checked against the event's bib rule
// before it is sent, and, when the event has a start list, "don't know your bib? search by name": the runners whose
// name begins with what is typed (three letters or more of the first name), each shown as its first name and
// initials, a button that searches their bib. What a bib search answered is said here too: its results' heading
// (marked when the bib is not on the start list, which still finds it) and, when nothing was found, why that may be.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type JSX, useId, useRef, useState } from 'react';
import { type BibRule, typedBib } from '../../../core/bib-rule';
import {
  BIB_TYPED_MAX,
  type BibStanding,
  nameLetters,
  RUNNER_NAME_MIN,
  type Runner,
} from '../../../core/contract/bibsearch';
import type { BibSearchSettings } from '../../../core/contract/events';
import { findRunners } from '../../lib/api/bibsearch';
import { ApiError } from '../../lib/api/client';
import './bib-search.css';

export const bibRuleOfSettings = (settings: BibSearchSettings): BibRule => ({
  minDigits: settings.min_digits,
  maxDigits: settings.max_digits,
  range: settings.range,
});

export interface BibSearchProps {
  eventKey: string;
  settings: BibSearchSettings;
  disabled: boolean;
  onSearch(bib: string): void;
  /** The event's only search (its face search is off): not offered as the selfie's alternative. */
  alone?: boolean;
}

/** "3–5" or "4": the digits of the event's bibs. */
const digitsText = (rule: BibRule) =>
  rule.minDigits === rule.maxDigits ? `${rule.minDigits}` : `${rule.minDigits}–${rule.maxDigits}`;

export function BibSearch({
  eventKey,
  settings,
  disabled,
  onSearch,
  alone = false,
}: BibSearchProps): JSX.Element {
  const { t } = useLingui();
  const fieldId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  // Counts the refused tries: the message is said again for each (a new alert).
  const [problem, setProblem] = useState(0);
  const rule = bibRuleOfSettings(settings);
  const digits = digitsText(rule);
  const range = rule.range;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const bib = typedBib(text, rule);
    setProblem((n) => (bib ? 0 : n + 1));
    if (bib) onSearch(bib);
  };
  const searchRunner = (runner: Runner) => {
    setText(runner.bib);
    setProblem(0);
    onSearch(runner.bib);
  };

  return (
    <div className="bib-search">
      <form className="bib-search-form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className="bib-search-label">
          {alone ? <Trans>ค้นหาด้วยหมายเลขบิบ</Trans> : <Trans>หรือค้นหาด้วยหมายเลขบิบ</Trans>}
        </label>
        <div className="bib-search-row">
          <input
            id={fieldId}
            className="input bib-search-input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={BIB_TYPED_MAX}
            placeholder={t`เช่น 1234`}
            value={text}
            aria-invalid={problem > 0 || undefined}
            aria-describedby={problem > 0 ? errorId : undefined}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (problem) setProblem(0);
            }}
          />
          <button type="submit" className="button bib-search-button" disabled={disabled}>
            <Trans>ค้นหาด้วยบิบ</Trans>
          </button>
        </div>
        {problem > 0 && (
          <p key={problem} id={errorId} className="field-error" role="alert">
            {range ? (
              <Trans>
                กรุณากรอกหมายเลขบนบิบของคุณ เป็นตัวเลข {digits} หลัก ระหว่าง {range.from} ถึง {range.to}
              </Trans>
            ) : (
              <Trans>กรุณากรอกหมายเลขบนบิบของคุณ เป็นตัวเลข {digits} หลัก</Trans>
            )}
          </p>
        )}
      </form>
      {settings.by_name && <RunnerNameSearch eventKey={eventKey} disabled={disabled} onPick={searchRunner} />}
    </div>
  );
}

type NameSearchState =
  | { step: 'idle' }
  | { step: 'searching' }
  | { step: 'found'; runners: Runner[] }
  | { step: 'too-short' }
  /** The event's name searches of the day are used up (the server's 429 name-search-closed). */
  | { step: 'closed' }
  /** This runner searched too often (the per-client 429). */
  | { step: 'busy' }
  | { step: 'error' };

/** What a refused name search means to the runner. */
function refusedStep(error: unknown): NameSearchState {
  if (!(error instanceof ApiError)) return { step: 'error' };
  if (error.serverCode === 'name-too-short') return { step: 'too-short' };
  if (error.serverCode === 'name-search-closed') return { step: 'closed' };
  if (error.httpStatus === 429) return { step: 'busy' };
  return { step: 'error' };
}

/** "Don't know your bib?": the start list's runners by the beginning of their first name. */
function RunnerNameSearch({
  eventKey,
  disabled,
  onPick,
}: {
  eventKey: string;
  disabled: boolean;
  onPick(runner: Runner): void;
}) {
  const { t } = useLingui();
  const fieldId = useId();
  const shortId = useId();
  const hintId = useId();
  const [name, setName] = useState('');
  const [state, setState] = useState<NameSearchState>({ step: 'idle' });
  const asked = useRef<AbortController | undefined>(undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const part = name.trim();
    if (nameLetters(part) < RUNNER_NAME_MIN) {
      setState({ step: 'too-short' });
      return;
    }
    asked.current?.abort();
    const controller = new AbortController();
    asked.current = controller;
    setState({ step: 'searching' });
    try {
      const runners = await findRunners(eventKey, part, controller.signal);
      if (!controller.signal.aborted) setState({ step: 'found', runners });
    } catch (error) {
      if (!controller.signal.aborted) setState(refusedStep(error));
    }
  };

  return (
    <details className="runner-name-search">
      <summary>
        <Trans>ไม่รู้หมายเลขบิบ? ค้นหาด้วยชื่อ</Trans>
      </summary>
      <form className="bib-search-form" onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className="visually-hidden">
          <Trans>ชื่อจริงของคุณ</Trans>
        </label>
        <div className="bib-search-row">
          <input
            id={fieldId}
            className="input"
            type="search"
            autoComplete="name"
            enterKeyHint="search"
            maxLength={100}
            placeholder={t`ชื่อจริง`}
            value={name}
            aria-invalid={state.step === 'too-short' || undefined}
            aria-describedby={state.step === 'too-short' ? `${hintId} ${shortId}` : hintId}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit" className="button" disabled={state.step === 'searching'}>
            <Trans>ค้นหาชื่อ</Trans>
          </button>
        </div>
        <p id={hintId} className="runner-name-hint">
          <Trans>พิมพ์ชื่อจริงอย่างน้อย {RUNNER_NAME_MIN} ตัวอักษร ถ้าชื่อสั้นกว่านั้น เว้นวรรคแล้วเติมตัวแรกของนามสกุล</Trans>
        </p>
      </form>
      <div role="status" aria-live="polite">
        {state.step === 'too-short' && (
          <p id={shortId} className="field-error">
            <Trans>กรุณาพิมพ์ชื่อจริงอย่างน้อย {RUNNER_NAME_MIN} ตัวอักษร</Trans>
          </p>
        )}
        {state.step === 'searching' && (
          <p className="search-progress-text">
            <span className="search-spinner" aria-hidden="true" />
            <Trans>กำลังค้นหาชื่อ…</Trans>
          </p>
        )}
        {state.step === 'closed' && (
          <p className="alert info">
            <Trans>การค้นหาด้วยชื่อของงานนี้ครบจำนวนของวันนี้แล้ว กรุณาค้นหาด้วยหมายเลขบิบหรือเซลฟี่ หรือลองใหม่พรุ่งนี้</Trans>
          </p>
        )}
        {state.step === 'busy' && (
          <p className="alert info">
            <Trans>ค้นหาชื่อบ่อยเกินไป กรุณารอสักครู่แล้วลองใหม่</Trans>
          </p>
        )}
        {state.step === 'error' && (
          <p className="alert error">
            <Trans>ค้นหาชื่อไม่สำเร็จ กรุณาลองใหม่อีกครั้ง</Trans>
          </p>
        )}
        {state.step === 'found' && state.runners.length > 0 && (
          <p className="visually-hidden">
            <Plural value={state.runners.length} one="พบ # รายชื่อ" other="พบ # รายชื่อ" />
          </p>
        )}
        {state.step === 'found' && state.runners.length === 0 && (
          <p className="alert info">
            <Trans>ไม่พบชื่อนี้ในรายชื่อนักวิ่งของงาน ลองพิมพ์เฉพาะตอนต้นของชื่อจริง</Trans>
          </p>
        )}
      </div>
      {state.step === 'found' && state.runners.length > 0 && (
        <ul className="runner-list">
          {state.runners.map((runner) => (
            <li key={runner.bib}>
              <button
                type="button"
                className="runner-pick"
                disabled={disabled}
                onClick={() => onPick(runner)}
              >
                <span className="runner-name">{runner.name}</span>
                <span className="runner-bib">
                  <Trans>บิบ {runner.bib}</Trans>
                  {runner.category ? ` · ${runner.category}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

export interface BibResultsHeadingProps {
  /** The bib searched. */
  bib: string;
  /** The photos found. */
  count: number;
  /** Where the bib stands with the event's start list (undefined: the event has none). */
  standing: BibStanding;
}

/**
 * A bib search's results heading: how many photos of the bib; when the bib is not on the event's start list (a late
 * entry, a bib changed on the day), marked so, and the runner asked to check the photos are theirs.
 */
export function BibResultsHeading({ bib, count, standing }: BibResultsHeadingProps): JSX.Element {
  const notListed = standing === 'not-listed';
  return (
    <>
      <h3 className="face-results-count">
        <Plural value={count} one={`พบ # รูปของหมายเลขบิบ ${bib}`} other={`พบ # รูปของหมายเลขบิบ ${bib}`} />
        {notListed && (
          <>
            {' '}
            <span className="bib-not-listed-mark">
              <Trans>ไม่อยู่ในรายชื่อนักวิ่ง</Trans>
            </span>
          </>
        )}
      </h3>
      {notListed && (
        <p className="bib-not-listed-note">
          <Trans>
            หมายเลขบิบ {bib} ไม่อยู่ในรายชื่อนักวิ่งของงานนี้ แต่อ่านได้ในรูปเหล่านี้ (เช่น สมัครหลังปิดรายชื่อหรือเปลี่ยนบิบ)
            ดูให้แน่ใจว่าเป็นรูปของคุณ
          </Trans>
        </p>
      )}
    </>
  );
}

/**
 * Why a bib search found nothing, as far as the store knows: the bib is on the start list but no photo shows it yet;
 * it is on neither the list nor any photo (a mistyped number?); or, at an event without a start list, no photo
 * shows it.
 */
export function BibNotFound({ bib, standing }: { bib: string; standing: BibStanding }): JSX.Element {
  if (standing === 'listed')
    return (
      <Trans>
        หมายเลขบิบ {bib} อยู่ในรายชื่อนักวิ่งของงานนี้ แต่ยังไม่พบในรูปใด บิบอาจถูกบังในรูป หรือรูปยังอัปโหลดไม่ครบ ลองค้นหาด้วยรูปเซลฟี่
        หรือกลับมาค้นหาใหม่ภายหลัง
      </Trans>
    );
  if (standing === 'not-listed')
    return (
      <Trans>
        ไม่มีหมายเลขบิบ {bib} ในรายชื่อนักวิ่งของงานนี้ และไม่พบในรูปใด ตรวจหมายเลขบนบิบของคุณอีกครั้ง หรือค้นหาด้วยรูปเซลฟี่
      </Trans>
    );
  return <Trans>ไม่พบรูปของหมายเลขบิบ {bib} ในงานนี้ บิบอาจถูกบังหรือรูปยังอัปโหลดไม่ครบ ลองค้นหาด้วยรูปเซลฟี่</Trans>;
}

/**
 * The heading of "you may be in these too" after a bib search: what its photos rest on (the same face as in the
 * bib's photos, or the seconds around one of them), not a face search's "the same photographer, seconds apart".
 */
export function BibNearbyHeading({ bib, count }: { bib: string; count: number }): JSX.Element {
  return (
    <Plural
      value={count}
      one={`คุณอาจอยู่ในภาพเหล่านี้ด้วย: # รูปที่เห็นใบหน้าเดียวกับในรูปของบิบ ${bib} หรือถ่ายห่างจากรูปนั้นไม่กี่วินาที`}
      other={`คุณอาจอยู่ในภาพเหล่านี้ด้วย: # รูปที่เห็นใบหน้าเดียวกับในรูปของบิบ ${bib} หรือถ่ายห่างจากรูปนั้นไม่กี่วินาที`}
    />
  );
}
