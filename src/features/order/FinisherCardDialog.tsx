// "Make my finisher card" for a photo of a paid order: the runner's bib (needed when the photo shows several, or
// none that the results have), a feed or story card, in the page's language. The store draws the card from the
// original; it comes back as a file, shared to the phone's apps through the share sheet where the browser takes
// files, else saved; "share to LINE" opens LINE with the event's page. Loaded when first asked for.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { CardFormat, FinisherPageAnswer } from '../../../core/contract/finisher-card';
import type { PaidImage } from '../../../core/contract/order';
import { ApiError } from '../../lib/api/client';
import { fetchFinisherCard, requestFinisherCard, requestFinisherPage } from '../../lib/api/finisher-card';
import { LineShareLink } from '../../lib/ui/LineShareLink';
import { useModal, useModalHost } from '../events/use-modal';

type Step =
  | { kind: 'form'; problem?: string }
  | { kind: 'making' }
  | { kind: 'made'; file: File; url: string; bib: string };

export default function FinisherCardDialog({
  q,
  image,
  eventKey,
  onClose,
}: {
  q: string;
  image: PaidImage;
  eventKey: string;
  onClose(): void;
}) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const host = useModalHost();
  useModal(box, host);
  const [bib, setBib] = useState('');
  const [format, setFormat] = useState<CardFormat>('feed');
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const made = step.kind === 'made' ? step : undefined;
  const [page, setPage] = useState<FinisherPageAnswer | 'making' | { problem: string }>();

  // The bib first (useModal gives the focus back where it was when the dialog closes).
  useEffect(() => first.current?.focus(), []);
  // The card's object address lives as long as it is shown.
  useEffect(() => (made ? () => URL.revokeObjectURL(made.url) : undefined), [made]);

  /** The words for a refusal, in the page's language. */
  const problemOf = (error: unknown): string => {
    const code =
      error instanceof ApiError && error.httpStatus === 429
        ? 'too-many-requests'
        : error instanceof ApiError
          ? error.serverCode
          : undefined;
    switch (code) {
      case 'finisher-bib-needed':
        return t`กรุณากรอกหมายเลขบิบของคุณ`;
      case 'finisher-bib-not-in-photo':
        return t`รูปนี้ไม่พบหมายเลขบิบนี้ กรุณาตรวจหมายเลขบิบ หรือเลือกรูปอื่นของคุณ`;
      case 'finisher-no-result':
        return t`ยังไม่มีผลการแข่งขันของหมายเลขบิบนี้`;
      case 'finisher-not-paid':
        return t`ทำการ์ดนักวิ่งได้จากรูปในคำสั่งซื้อที่ชำระเงินแล้วเท่านั้น`;
      case 'too-many-requests':
        return t`ทำการ์ดถี่เกินไป กรุณารอสักครู่แล้วลองใหม่`;
      case 'finisher-page-face-removed':
        return t`มีผู้ขอนำใบหน้าออกจากรูปนี้ จึงทำเป็นหน้าสาธารณะไม่ได้ แต่ยังบันทึกหรือแชร์การ์ดเป็นไฟล์ได้`;
      default:
        return t`ทำการ์ดไม่สำเร็จ กรุณาลองใหม่อีกครั้ง`;
    }
  };

  /** Makes the card of this format for the bib typed (or the one the store finds in the photo when none is). */
  const make = async (cardFormat: CardFormat, cardBib: string) => {
    setFormat(cardFormat);
    setStep({ kind: 'making' });
    try {
      const answer = await requestFinisherCard({
        order_uuid: q,
        photo_id: image.id,
        format: cardFormat,
        language: i18n.locale === 'en' ? 'en' : 'th',
        ...(cardBib.trim() ? { bib: cardBib.trim() } : {}),
      });
      const file = await fetchFinisherCard(answer);
      setStep({ kind: 'made', file, url: URL.createObjectURL(file), bib: answer.bib });
    } catch (error) {
      setStep({ kind: 'form', problem: problemOf(error) });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void make(format, bib);
  };

  const canShareFiles = made !== undefined && navigator.canShare?.({ files: [made.file] }) === true;
  const share = async () => {
    if (!made) return;
    try {
      await navigator.share({ files: [made.file], title: made.file.name });
    } catch {
      // Dismissed, or the sheet could not open: the card stays here to save.
    }
  };
  const lineText = `${location.origin}/${eventKey}`;
  /** The public page of this card, made when the runner asks for a link to share. */
  const makePage = async () => {
    if (!made) return;
    setPage('making');
    try {
      setPage(
        await requestFinisherPage({
          order_uuid: q,
          photo_id: image.id,
          bib: made.bib,
          language: i18n.locale === 'en' ? 'en' : 'th',
        }),
      );
    } catch (error) {
      setPage({
        problem:
          error instanceof ApiError &&
          (error.httpStatus === 429 || error.serverCode === 'finisher-page-face-removed')
            ? problemOf(error)
            : t`ทำลิงก์ไม่สำเร็จ กรุณาลองใหม่อีกครั้ง`,
      });
    }
  };
  const shared = typeof page === 'object' && 'url' in page ? page : undefined;
  const pageUrl = shared ? `${location.origin}${shared.url}` : '';

  return createPortal(
    <div className="finisher-card-backdrop">
      <div
        ref={box}
        className="finisher-card-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          onClose();
        }}
      >
        <h2 id={titleId}>
          <Trans>การ์ดนักวิ่งของคุณ</Trans>
        </h2>
        {made ? (
          <>
            <img className="finisher-card-preview" src={made.url} alt={t`การ์ดนักวิ่ง บิบ ${made.bib}`} />
            <div className="finisher-card-actions">
              {canShareFiles && (
                <button type="button" className="button primary" onClick={() => void share()}>
                  <Trans>แชร์การ์ด</Trans>
                </button>
              )}
              <a className="button" href={made.url} download={made.file.name}>
                <Trans>บันทึกการ์ด</Trans>
              </a>
              <LineShareLink text={lineText}>
                <Trans>แชร์ไปที่ LINE</Trans>
              </LineShareLink>
              <button
                type="button"
                className="button"
                onClick={() => void make(format === 'feed' ? 'story' : 'feed', made.bib)}
              >
                {format === 'feed' ? <Trans>ทำแบบสตอรี่ด้วย</Trans> : <Trans>ทำแบบโพสต์ด้วย</Trans>}
              </button>
            </div>
            {shared ? (
              <section className="finisher-card-page" aria-label={t`ลิงก์หน้านักวิ่งของคุณ`}>
                <p>
                  <Trans>ลิงก์หน้านักวิ่งของคุณ:</Trans>{' '}
                  <a href={pageUrl} target="_blank" rel="noopener noreferrer">
                    {pageUrl}
                  </a>
                </p>
                <LineShareLink text={pageUrl}>
                  <Trans>แชร์ลิงก์ไปที่ LINE</Trans>
                </LineShareLink>
                <p className="field-hint">
                  <Trans>เก็บลิงก์นี้ไว้ เปิดเมื่อต้องการนำหน้านี้ออก:</Trans>{' '}
                  <a href={`${location.origin}${shared.remove_url}`}>{t`ลิงก์สำหรับนำหน้านี้ออก`}</a>
                </p>
              </section>
            ) : (
              <div className="finisher-card-page">
                <p className="field-hint">
                  <Trans>
                    ทำหน้าเว็บของการ์ดนี้เพื่อแชร์เป็นลิงก์ได้ ทุกคนที่มีลิงก์จะเห็นการ์ด (ไม่มีเบอร์โทรหรืออีเมลของคุณ)
                    และคุณนำออกได้ทุกเมื่อ
                  </Trans>
                </p>
                {typeof page === 'object' && 'problem' in page && (
                  <p className="alert error" role="alert">
                    {page.problem}
                  </p>
                )}
                <button
                  type="button"
                  className="button"
                  disabled={page === 'making'}
                  onClick={() => void makePage()}
                >
                  <Trans>แชร์เป็นลิงก์</Trans>
                </button>
              </div>
            )}
          </>
        ) : (
          <form onSubmit={submit} noValidate>
            <label htmlFor={`${titleId}-bib`}>
              <Trans>หมายเลขบิบของคุณ</Trans>
            </label>
            <input
              ref={first}
              id={`${titleId}-bib`}
              inputMode="numeric"
              autoComplete="off"
              value={bib}
              onChange={(e) => setBib(e.target.value)}
              aria-describedby={`${titleId}-bib-hint`}
              aria-invalid={step.kind === 'form' && step.problem !== undefined}
            />
            <p id={`${titleId}-bib-hint`} className="field-hint">
              <Trans>เว้นว่างได้ถ้าเห็นบิบของคุณในรูปนี้</Trans>
            </p>
            <fieldset className="finisher-card-format">
              <legend>
                <Trans>ขนาดการ์ด</Trans>
              </legend>
              <label>
                <input
                  type="radio"
                  name="format"
                  checked={format === 'feed'}
                  onChange={() => setFormat('feed')}
                />{' '}
                <Trans>โพสต์ (1080×1350)</Trans>
              </label>
              <label>
                <input
                  type="radio"
                  name="format"
                  checked={format === 'story'}
                  onChange={() => setFormat('story')}
                />{' '}
                <Trans>สตอรี่ (1080×1920)</Trans>
              </label>
            </fieldset>
            {step.kind === 'form' && step.problem && (
              <p className="alert error" role="alert">
                {step.problem}
              </p>
            )}
            {step.kind === 'making' && (
              <p role="status">
                <Trans>กำลังทำการ์ด…</Trans>
              </p>
            )}
            <button type="submit" className="button primary" disabled={step.kind === 'making'}>
              <Trans>ทำการ์ด</Trans>
            </button>
          </form>
        )}
        <button type="button" className="button" onClick={onClose}>
          <Trans>ปิด</Trans>
        </button>
      </div>
    </div>,
    host,
  );
}
