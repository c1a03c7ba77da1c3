// The face search of the event and wholesale pages (SPEC §2, §4 Face search): choose a selfie (picker, camera or
// drop), it is checked, compressed on the device, uploaded with a progress bar and searched; the matches show as a
// grid with Add / Remove / Download, a lightbox with "more like this one", and the event's result buttons.
// Every answer becomes the cart's latest results (cart_latest), which buy-all puts in the cart, and the event's kept
// results (saved-results.ts), shown again when the runner comes back. A second selfie widens the results, and the
// same photographers' frames around them are offered in their own row. "Maybe you" comes below the photos of you,
// with the runner's "this is me" (searches with that photo's face too) and "not me" on each photo. Beside the
// selfie, a search by bib number (and by name through the start list) goes into the same results.
// No selfie is sent without the runner's explicit face consent (privacy/face-consent.ts): one kept on the device, or
// asked for when a selfie is picked (and again when the store does not take the one sent); beside the picker, the
// runner who gave it can withdraw it.
// An event whose organiser turned face search off offers the bib search alone, and says why.
import { Trans, useLingui } from '@lingui/react/macro';
import { type JSX, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { EventDetail } from '../../../core/contract/events';
import type { Photo } from '../../../core/contract/photos';
import type { FaceConsent } from '../../../core/contract/privacy';
import { useBusyWhile } from '../../lib/busy';
import { useDeviceState } from '../../lib/hydration';
import { useRevealWhenAnswered } from '../../lib/reveal';
import { OtherEventQuestion } from '../cart/OtherEventQuestion';
import { useMhaoTexts } from '../cart/use-mhao-texts';
import { FaceConsentQuestion, useFaceConsentQuestion } from '../privacy/FaceConsentQuestion';
import { currentFaceConsent, hasFaceConsent } from '../privacy/face-consent';
import { WithdrawConsent } from '../privacy/WithdrawConsent';
import { BibSearch } from './BibSearch';
import { ConfirmDialog, useConfirm } from './ConfirmDialog';
import { type CheckedSelfie, checkSelfieFile } from './file-checks';
import type { MoreTiers } from './MoreLikeThis';
import { PoorSelfie } from './PoorSelfie';
import { SearchStatus } from './SearchStatus';
import { SelfiePicker } from './SelfiePicker';
import { mostlyMaybe, SurerSearch } from './SurerSearch';
import { isBusy, type SearchStep } from './search-machine';
import { markSelfieChosen, measureSelfieToResults } from './selfie-timing';
import { useKeptResults } from './use-kept-results';
import { useNearbyFrames } from './use-nearby-frames';
import { usePhotoFeedback } from './use-photo-feedback';
import { useSelfieSearch } from './use-selfie-search';
import { useSharedPhoto } from './use-shared-photo';
import './face-search.css';

// The event page's first screen shows the panel's picker; the results and the cart database load with the first
// search, so the cover does not wait for them.
const loadResults = () => import('./FaceResults');
const FaceResults = lazy(loadResults);
const cartStore = () => import('../cart/cart-store');
// "Tell me when new photos of me arrive": loaded with the first answer, or for an alert's link.
const PhotoAlerts = lazy(async () => ({ default: (await import('../alerts/PhotoAlerts')).PhotoAlerts }));
const NONE: readonly Photo[] = [];
const ANSWERED = ['found', 'not-found', 'error'] as const;

export interface FaceSearchPanelProps {
  event: EventDetail;
  variant: 'event' | 'wholesale';
  cartKind: 'standard' | 'wholesale';
  /** Told each step of the search (idle, preparing, uploading, searching, found, not-found, error). */
  onStepChange?: (step: SearchStep['step']) => void;
}

export function FaceSearchPanel({
  event,
  variant,
  cartKind,
  onStepChange,
}: FaceSearchPanelProps): JSX.Element {
  const { t } = useLingui();
  const consentQuestion = useFaceConsentQuestion();
  // The withdrawal shows once this device holds a face consent (and stays, to say what it deleted).
  const [withdrawShown, setWithdrawShown] = useDeviceState(hasFaceConsent, false);
  /** The runner's face consent: the one kept on this device, or asked for now (undefined: they chose not to). */
  const faceConsent = async (): Promise<FaceConsent | undefined> => {
    const consent = currentFaceConsent() ?? (await consentQuestion.ask());
    if (consent) setWithdrawShown(true);
    return consent;
  };
  // The store did not take the consent sent: asked again, and the same selfie searched once given.
  const retryWithConsent = useRef<(selfie: CheckedSelfie, widen: boolean) => void>(() => undefined);
  const { state, dispatch, search, searchAnyway, searchBib, lastSelfie, facePicker, cropFace } =
    useSelfieSearch(event, {
      onConsentRequired: (selfie, widen) => retryWithConsent.current(selfie, widen),
    });
  retryWithConsent.current = (selfie, widen) => {
    void consentQuestion.ask().then((consent) => consent && search(selfie, { widen, consent }));
  };
  const confirm = useConfirm();
  const mhaoTexts = useMhaoTexts();
  const [open, setOpen] = useState<number | undefined>(undefined);
  const busy = isBusy(state) || confirm.open || consentQuestion.open;
  // The organiser's word: without face search no selfie is taken (nor a shared photo, nor a face alert).
  const faceSearch = event.face_search !== 'N';
  useBusyWhile('upload', isBusy(state));
  const current = state.current;
  // The answer is brought into view when it comes, its top at the top of the screen (on a phone it lands below the
  // fold): the first row of photos then shows under the count.
  const answerArea = useRef<HTMLDivElement>(null);
  useRevealWhenAnswered(answerArea, current.step, 'searching', ANSWERED);
  useEffect(() => onStepChange?.(current.step), [current.step, onStepChange]);

  // The results shown: those found, or, while a second selfie is searched, those it widens.
  const shownPhotos = current.step === 'found' ? current.photos : state.widening;
  const eventKey = event.event_key;
  const kept = useKeptResults(state, dispatch, cartKind, eventKey);
  const nearby = useNearbyFrames(eventKey, shownPhotos, kept.nearby, kept.keepNearby, state.bib);

  // The results are on screen (committed; the next frame paints them): the flow's end for the timing marks.
  const foundPhotos = current.step === 'found' ? current.photos : undefined;
  useEffect(() => {
    if (!foundPhotos) return;
    const frame = requestAnimationFrame(measureSelfieToResults);
    return () => cancelAnimationFrame(frame);
  }, [foundPhotos]);

  /**
   * Before a new search (a selfie or a bib): the results' code starts loading, and on an mhao event with photos in
   * the cart the buyer agrees to its deletion first (SPEC §4); answers whether the search goes on.
   */
  const readyForNewSearch = async (): Promise<boolean> => {
    // The results' code comes while the search runs (a failure shows when they render).
    loadResults().catch(() => undefined);
    const { confirmNewSearch } = await cartStore();
    if (!(await confirmNewSearch(cartKind, event.is_mhao === 'Y', confirm.ask))) return false;
    setOpen(undefined);
    kept.forgetNearby();
    return true;
  };

  /** The chosen file, checked once before anything is asked or sent; a wrong type is said instead. */
  const checked = async (file: File): Promise<CheckedSelfie | undefined> => {
    const check = await checkSelfieFile(file);
    if (check.ok) return check.selfie;
    dispatch({ type: 'rejected-type' });
    return undefined;
  };

  const choose = async (file: File) => {
    if (busy || !faceSearch) return;
    const selfie = await checked(file);
    const consent = selfie && (await faceConsent());
    if (!selfie || !consent || !(await readyForNewSearch())) return;
    markSelfieChosen(); // after any question, so the timing is the flow's alone
    await search(selfie, { consent });
  };

  // A search by bib number: the same question first, the same results.
  const chooseBib = async (bib: string) => {
    if (busy || !(await readyForNewSearch())) return;
    await searchBib(bib);
  };

  // A second selfie of the same runner: its matches are added to those shown (no new-search question: the cart
  // stays as it is).
  const widen = async (file: File) => {
    if (busy || current.step !== 'found') return;
    const selfie = await checked(file);
    const consent = selfie && (await faceConsent());
    if (!selfie || !consent) return;
    setOpen(undefined);
    await search(selfie, { widen: true, consent });
  };

  // Results mostly "maybe you": a second selfie searched with the first for surer ones (the same runner's search
  // made surer: no new-search question, the cart stays as it is).
  const surer = async (file: File) => {
    if (busy || current.step !== 'found') return;
    const selfie = await checked(file);
    const consent = selfie && (await faceConsent());
    if (!selfie || !consent) return;
    setOpen(undefined);
    await search(selfie, { consent, withLast: true });
  };
  const offerSurer =
    faceSearch &&
    current.step === 'found' &&
    state.bib === undefined &&
    !state.twoSelfies &&
    lastSelfie() !== undefined &&
    mostlyMaybe(current.photos.length, current.maybe?.length ?? 0);

  // A photo shared to the app from the gallery or camera is searched as if it had been picked here.
  useSharedPhoto(event.event_key, choose);

  const feedback = usePhotoFeedback(state, dispatch, eventKey, () => setOpen(undefined));

  const answered = current.step === 'found' || current.step === 'not-found';
  // Alerts need a selfie (a bib alert too: its face proves the bib): none is offered without face search.
  const offerAlerts = answered && faceSearch;

  const applyMore = (more: Photo[], mode: 'merge' | 'replace', tiers?: MoreTiers) => {
    dispatch({ type: 'more-results', photos: more, mode, ...(tiers ?? {}) });
    setOpen(undefined);
  };

  return (
    <section className="face-search" aria-labelledby={`face-search-${event.event_id}`}>
      <h2 id={`face-search-${event.event_id}`}>
        {variant === 'wholesale' ? (
          <Trans>ค้นหารูปของคุณจากช่างภาพทุกคน</Trans>
        ) : faceSearch ? (
          <Trans>ค้นหารูปของคุณด้วยใบหน้า</Trans>
        ) : (
          <Trans>ค้นหารูปของคุณ</Trans>
        )}
      </h2>
      {faceSearch ? (
        <>
          <SelfiePicker disabled={busy} onFile={choose} />
          {withdrawShown && <WithdrawConsent onWithdrawn={() => dispatch({ type: 'reset' })} />}
        </>
      ) : (
        <FaceSearchOffNote bibSearch={event.bib_search !== undefined} />
      )}
      {event.bib_search && (
        <BibSearch
          eventKey={event.event_key}
          settings={event.bib_search}
          disabled={busy}
          onSearch={chooseBib}
          alone={!faceSearch}
        />
      )}
      <div ref={answerArea} className="face-search-outcome">
        <div className="face-search-answer">
          <SearchStatus
            state={state}
            facePicker={facePicker}
            pickDisabled={busy}
            onPickFace={(face) => void cropFace(face).then((crop) => crop && choose(crop))}
          />
          {current.step === 'poor-selfie' && (
            <PoorSelfie
              problem={current.problem}
              disabled={busy}
              onFile={choose}
              onAnyway={() => void searchAnyway()}
            />
          )}
          {state.twoSelfies && (current.step === 'found' || current.step === 'not-found') && (
            <p className="two-selfies-note" data-testid="two-selfies-note">
              <Trans>ค้นหาด้วยเซลฟี่ทั้งสองรูปของคุณแล้ว</Trans>
            </p>
          )}
          {offerSurer && <SurerSearch disabled={busy} onFile={surer} />}
        </div>
        {shownPhotos && (
          <Suspense fallback={null}>
            <FaceResults
              event={event}
              variant={variant}
              cartKind={cartKind}
              photos={shownPhotos}
              maybe={current.step === 'found' ? (current.maybe ?? NONE) : NONE}
              finish={current.step === 'found' ? (current.finish ?? NONE) : NONE}
              searchedBib={state.bib}
              bibStanding={state.bibStanding}
              byBib={current.step === 'found' ? current.byBib : undefined}
              feedback={feedback}
              nearby={nearby}
              open={open}
              onOpen={setOpen}
              onMore={applyMore}
              busy={busy}
              widened={state.widened}
              onWiden={widen}
              run={state.run}
            />
          </Suspense>
        )}
      </div>
      {(offerAlerts || kept.alertLink.token || kept.alertLink.confirm || kept.hasKeptAlert) && (
        <Suspense fallback={null}>
          <PhotoAlerts
            eventKey={eventKey}
            selfie={lastSelfie}
            bib={state.bib}
            answered={offerAlerts}
            confirmSecret={kept.alertLink.confirm}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirm.open}
        title={t`เริ่มค้นหาใหม่?`}
        confirmLabel={t`ลบตะกร้าและค้นหาใหม่`}
        onAnswer={confirm.answer}
      >
        <p>{mhaoTexts.confirmNewSearch}</p>
      </ConfirmDialog>
      <FaceConsentQuestion
        open={consentQuestion.open}
        bibSearch={event.bib_search !== undefined}
        onAnswer={consentQuestion.answer}
      />
      <OtherEventQuestion />
    </section>
  );
}

/** Why the event has no face search, and what the runner can do instead. */
function FaceSearchOffNote({ bibSearch }: { bibSearch: boolean }): JSX.Element {
  return (
    <p className="alert info face-search-off" data-testid="face-search-off">
      {bibSearch ? (
        <Trans>ค้นหาด้วยใบหน้าปิดอยู่สำหรับงานนี้ตามที่ผู้จัดงานกำหนด ค้นหาด้วยหมายเลขบิบได้</Trans>
      ) : (
        <Trans>ค้นหาด้วยใบหน้าปิดอยู่สำหรับงานนี้ตามที่ผู้จัดงานกำหนด</Trans>
      )}
    </p>
  );
}
