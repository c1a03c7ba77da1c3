// Face search (SPEC §7): sign the selfie upload, search with the uploaded selfie (v2) or a posted file (v1),
// and the highlight gallery. The selfie is private (private/selfies/...) and deleted as soon as its search has
// answered, or by the purge within a minute (selfie-lifetime.ts).
import { randomUUID } from 'node:crypto';
import { UPLOAD_CONTENT_TYPE } from '../../core/constants';
import type { FaceSearchAnswer, PhotoFace, SelfieProblem, SignAnswer } from '../../core/contract/facesearch';
import type { HighlightPhoto } from '../../core/contract/photos';
import type { FaceConsent } from '../../core/contract/privacy';
import { averagePricePerPhoto, priceCart } from '../../core/pricing';
import { eventBibs, readsBibs } from '../bibs/event-bibs';
import { confirmByBib, runnerBibOf } from '../bibs/fusion';
import type { AppContext } from '../context';
import { bibsOnFaces, photosWithBib } from '../db/bibs-repo';
import { findByKeyShared, packagesOfShared } from '../db/events-repo';
import { faceById, facesOfPhoto } from '../db/faces-repo';
import { isPhotoId, listHighlights, type PhotoRef, photosByIds } from '../db/photos-repo';
import type { EventRow } from '../db/schema';
import { findSearch, insertSearch, markSearched } from '../db/searches-repo';
import type { FaceMatch, FaceSearchEngine, FaceSearchOutcome } from '../faces/engine';
import { FaceImageError, type FaceImageProblem } from '../faces/image';
import { descriptorFromBytes } from '../faces/matrix';
import { toSummary } from './events';
import { finishFrames } from './finish-frames';
import { sniffImageKind } from './image-check';
import { accept, type Outcome, type Refusal, refuse } from './outcome';
import { isPhotoPass } from './photo-pass';
import { toApiPhoto, toHighlightPhoto } from './photo-shape';
import { recordConsent, requireConsent } from './privacy/consents';
import { withoutRemovedFaces } from './privacy/removed-faces';
import { deleteAnsweredSelfie, SIGNED_UPLOAD_SECONDS, selfieDueAt } from './selfie-lifetime';

const HIGHLIGHT_LIMIT = 60;

/**
 * A selfie search expected to wait longer than this for its embedding is refused at once, "busy, try again in N s",
 * instead of answering slowly: with the rest of the flow, answered searches stay within about 4 s.
 */
export const SEARCH_BUSY_AFTER_MS = 3500;
/** Longest wait a busy answer asks for. */
const BUSY_RETRY_MAX_SECONDS = 30;

/**
 * The busy answer when the selfie queue is too long, else undefined. It asks the runner to come back when the
 * queue ahead has drained, spread over a few seconds so that the runners refused together do not all come back at
 * once. The selfie stays uploaded: the same search can be asked again.
 */
export function refuseWhenBusy(ctx: AppContext, random = Math.random): Refusal | undefined {
  const expected = ctx.selfies.expectedSelfieMs();
  if (expected <= SEARCH_BUSY_AFTER_MS) return undefined;
  const drain = Math.ceil((expected - SEARCH_BUSY_AFTER_MS) / 1000);
  const seconds = Math.min(BUSY_RETRY_MAX_SECONDS, drain + Math.floor(random() * (drain + 2)));
  return refuse(503, `many runners are searching right now, please try again in ${seconds} s`, {
    code: 'search-busy',
    th: `ขณะนี้มีผู้ค้นหาจำนวนมาก กรุณาลองใหม่ในอีก ${seconds} วินาที`,
    retryAfter: seconds,
  });
}

/** Where uploaded selfies are kept (private: read only with a signed address). */
const SELFIE_KEY_PREFIX = 'private/selfies/';

/**
 * A selfie's upload has landed on this process (the disk store's signed PUT): its embedding starts now, so that its
 * search, a moment later, finds it done or under way. Not when the selfie queue is already long (the search will be
 * answered "busy" and asked again), and not for what is not a JPEG or PNG.
 */
export function prepareUploadedSelfie(ctx: AppContext, key: string, body: Uint8Array): void {
  if (!key.startsWith(SELFIE_KEY_PREFIX)) return;
  if (!sniffImageKind(body) || refuseWhenBusy(ctx)) return;
  ctx.selfies.prepareSelfie(key, body);
}

const extensionOf = (fileType: string) => (fileType === 'image/png' ? 'png' : 'jpg');

/** The event a search may run on: it exists and its sale is open (the page shows the upload area). */
export async function eventOpenForSearch(ctx: AppContext, eventKey: string): Promise<Outcome<EventRow>> {
  const event = await findByKeyShared(ctx.db, eventKey);
  if (!event) return refuse(404, 'event not found', { field: 'event_key', code: 'event-not-found' });
  const sale = toSummary(event, ctx, ctx.now());
  if (sale.can_sale !== 'Y' || sale.close_sale === 'Y') {
    return refuse(400, 'the sale of this event is not open', {
      field: 'event_key',
      code: 'sale-closed',
      th: 'งานนี้ไม่ได้เปิดขายภาพในขณะนี้',
    });
  }
  return accept(event);
}

/** An event its organiser keeps out of face search (events.face_search off): bib search only. */
export const faceSearchOff = () =>
  refuse(400, 'face search is off for this event, as its organiser chose: search by bib number instead', {
    field: 'event_key',
    code: 'face-search-off',
    th: 'ผู้จัดงานปิดการค้นหาด้วยใบหน้าสำหรับงานนี้ กรุณาค้นหาด้วยหมายเลขบิบแทน',
  });

/** The event a face is searched at: open for search (above) and its organiser lets its faces be searched. */
export async function eventOpenForFaceSearch(ctx: AppContext, eventKey: string): Promise<Outcome<EventRow>> {
  const open = await eventOpenForSearch(ctx, eventKey);
  if (open.ok && !open.value.face_search) return faceSearchOff();
  return open;
}

/**
 * The signed address a selfie is uploaded to, given the runner's explicit consent to process its face (recorded
 * with the search it starts; refused without).
 */
export async function signSelfieUpload(
  ctx: AppContext,
  request: { event_key: string; file_name: string; file_type: string; consent?: FaceConsent | undefined },
): Promise<Outcome<SignAnswer>> {
  const open = await eventOpenForFaceSearch(ctx, request.event_key);
  if (!open.ok) return open;
  const event = open.value;
  const consent = requireConsent(request.consent);
  if (!consent.ok) return consent;
  const searchId = randomUUID();
  const fileName = `${searchId}.${extensionOf(request.file_type)}`;
  const key = `${SELFIE_KEY_PREFIX}${event.event_key}/${fileName}`;
  const now = ctx.now();
  await insertSearch(ctx.db, {
    search_id: searchId,
    event_id: event.event_id,
    file_location: key,
    content_type: UPLOAD_CONTENT_TYPE,
    purge_after: selfieDueAt(now),
  });
  await recordConsent(ctx, {
    purpose: 'face-search',
    consent: consent.value,
    eventId: event.event_id,
    searchId,
  });
  ctx.selfies.expectSelfie();
  return accept({
    status: 'success',
    url: await ctx.store.signedPutUrl(key, UPLOAD_CONTENT_TYPE, SIGNED_UPLOAD_SECONDS),
    file_name: fileName,
    search_id: searchId,
    file_location: key,
  });
}

/** A signed upload of a selfie (the sign call's search_id and file_location). */
interface SignedSelfie {
  search_id: string;
  file_location: string;
}

export async function searchUploadedSelfie(
  ctx: AppContext,
  request: SignedSelfie & {
    event_key: string;
    /** Search even when the selfie's face looks poor (the runner was told and chose to). */
    search_anyway?: boolean;
    /** Another selfie of the runner, searched together with this one. */
    second?: SignedSelfie;
  },
): Promise<Outcome<FaceSearchAnswer>> {
  const open = await eventOpenForFaceSearch(ctx, request.event_key);
  if (!open.ok) return open;
  const event = open.value;
  if (request.second && request.second.search_id === request.search_id) {
    return refuse(400, 'the second selfie must be another upload', {
      field: 'second',
      code: 'second-selfie-same',
      th: 'เซลฟี่รูปที่สองต้องเป็นการอัปโหลดอีกครั้งหนึ่ง',
    });
  }
  // A busy answer keeps the selfie: the same search is asked again in a few seconds. A selfie whose embedding is
  // already under way (prepared at its upload) is waited for instead. The selfies are taken (marked searched) only
  // when the search goes ahead: a poor selfie's refusal keeps them for "search anyway".
  const claimed: { search: SignedSelfie; selfie: Uint8Array }[] = [];
  for (const signed of request.second ? [request, request.second] : [request]) {
    const one = await claimUploadedSelfie(ctx, event, signed, claimed.length === 0, false);
    if (!one.ok) return one;
    claimed.push(one.value);
  }
  let answered = false;
  try {
    const outcome = await searchWithSelfies(
      ctx,
      event,
      claimed.map((c) => ({ bytes: c.selfie, uploadKey: c.search.file_location })),
      {
        searchAnyway: request.search_anyway === true,
        take: async () => {
          for (const c of claimed)
            if (!(await markSearched(ctx.db, c.search.search_id, ctx.now()))) return searchExpired();
          return undefined;
        },
      },
    );
    answered = !(!outcome.ok && outcome.body.code?.startsWith(POOR_SELFIE_CODE_PREFIX));
    return outcome;
  } finally {
    // Answered (matches, none, or a refusal of the image): the selfies are not needed any more.
    if (answered) for (const c of claimed) await deleteAnsweredSelfie(ctx, c.search);
  }
}

/**
 * The face of a selfie uploaded through the sign call (a runner's alert of new photos keeps it): its
 * descriptor, or no face; the selfie is deleted as a search's is. Bad bytes are refused in the search's words.
 */
export async function describeUploadedSelfie(
  ctx: AppContext,
  event: EventRow,
  request: { search_id: string; file_location: string },
): Promise<Outcome<{ kind: 'face'; descriptor: Float32Array } | { kind: 'no-face' }>> {
  const claimed = await claimUploadedSelfie(ctx, event, request, false);
  if (!claimed.ok) return claimed;
  const { search, selfie } = claimed.value;
  try {
    if (!sniffImageKind(selfie)) return selfieRefusal('not-an-image');
    return accept(await ctx.faces.describe(selfie, search.file_location));
  } catch (error) {
    if (error instanceof FaceImageError) return selfieRefusal(error.problem);
    throw error;
  } finally {
    await deleteAnsweredSelfie(ctx, search);
  }
}

/**
 * The uploaded selfie of a signed search of this event, taken for one use: marked searched, so that a second
 * request of the same search (a double tap, a retry) is told it has expired. `busyFirst`: a search answers "busy"
 * before taking it when the selfie queue is long (and the selfie stays for the retry).
 */
async function claimUploadedSelfie(
  ctx: AppContext,
  event: EventRow,
  request: SignedSelfie,
  busyFirst: boolean,
  /** Mark it searched now (false: the caller marks it when the search goes ahead). */
  take = true,
): Promise<Outcome<{ search: SignedSelfie; selfie: Uint8Array }>> {
  const search = await findSearch(ctx.db, request.search_id);
  if (!search || search.event_id !== event.event_id || search.file_location !== request.file_location) {
    return refuse(404, 'no such search: sign the upload first', {
      field: 'search_id',
      code: 'search-expired',
    });
  }
  if (new Date(search.purge_after).getTime() <= ctx.now().getTime()) return searchExpired();
  const busy = !busyFirst || ctx.selfies.isPrepared(search.file_location) ? undefined : refuseWhenBusy(ctx);
  if (busy) return busy;
  const selfie = await ctx.store.get(search.file_location);
  if (!selfie)
    return refuse(400, 'upload the photo before searching', { field: 'file_location', code: 'no-upload' });
  if (take && !(await markSearched(ctx.db, search.search_id, ctx.now()))) return searchExpired();
  return accept({ search, selfie });
}

/** A search already answered, or whose selfie's time is up: the runner uploads the selfie again. */
const searchExpired = (): Refusal =>
  refuse(410, 'this search has expired, please upload the photo again', {
    field: 'search_id',
    code: 'search-expired',
    th: 'การค้นหานี้หมดอายุแล้ว กรุณาอัปโหลดรูปอีกครั้ง',
  });

/**
 * A selfie's largest face as a descriptor, for what keeps a face rather than searching with it (a face removal):
 * refused in the search's words when the bytes are not an image, and when there is no face.
 */
export async function describeSelfie(
  ctx: Pick<AppContext, 'faces'>,
  selfie: Uint8Array,
): Promise<Outcome<Float32Array>> {
  if (!sniffImageKind(selfie)) return selfieRefusal('not-an-image');
  try {
    const described = await ctx.faces.describe(selfie);
    if (described.kind === 'no-face') {
      return refuse(400, 'no face found in this photo', {
        field: 'file',
        code: 'no-face',
        th: 'ไม่พบใบหน้าในรูปนี้',
      });
    }
    return accept(described.descriptor);
  } catch (error) {
    if (error instanceof FaceImageError) return selfieRefusal(error.problem);
    throw error;
  }
}

/** A selfie that cannot be searched with, in the spec's words (SPEC §8). */
function selfieRefusal(problem: FaceImageProblem): Refusal {
  if (problem === 'too-large-to-decode')
    return refuse(
      400,
      'this PNG is too large to search with, please use a JPEG or a PNG of at most 16 megapixels',
      {
        field: 'file',
        code: 'too-many-pixels',
        th: 'ไฟล์ PNG นี้ใหญ่เกินกว่าจะใช้ค้นหาได้ กรุณาใช้ไฟล์ JPEG หรือ PNG ไม่เกิน 16 ล้านพิกเซล',
      },
    );
  return problem === 'too-many-pixels'
    ? refuse(400, 'the image is larger than 40 megapixels', {
        field: 'file',
        code: 'too-many-pixels',
        th: 'รูปมีขนาดใหญ่เกิน 40 ล้านพิกเซล',
      })
    : refuse(400, 'please use jpg or png files only', {
        field: 'file',
        code: 'not-an-image',
        th: 'กรุณาใช้ไฟล์ jpg หรือ png เท่านั้น',
      });
}

/** The older search (v1): the selfie posted with it, or the busy answer. */
export async function searchPostedSelfie(
  ctx: AppContext,
  event: EventRow,
  selfie: Uint8Array,
): Promise<Outcome<FaceSearchAnswer>> {
  return refuseWhenBusy(ctx) ?? searchWithSelfies(ctx, event, [{ bytes: selfie }], { searchAnyway: true });
}

/** The refusals of a poor selfie: `selfie-small`, `selfie-turned`, `selfie-dark`, `selfie-blurred`. */
const POOR_SELFIE_CODE_PREFIX = 'selfie-';

/** A poor selfie's refusal, most telling problem first, with what to do (the runner may search anyway). */
function poorSelfie(problems: readonly SelfieProblem[]): Refusal | undefined {
  const words: Record<SelfieProblem, { en: string; th: string }> = {
    small: {
      en: 'your face is small in this photo, please use a selfie where your face fills more of the picture',
      th: 'ใบหน้าในรูปนี้เล็กเกินไป กรุณาใช้รูปเซลฟี่ที่ใบหน้าใหญ่และเต็มกรอบมากขึ้น',
    },
    turned: {
      en: 'your face is turned away in this photo, please use a selfie looking straight at the camera',
      th: 'ใบหน้าในรูปนี้หันออกจากกล้อง กรุณาใช้รูปเซลฟี่ที่มองตรงเข้ากล้อง',
    },
    dark: {
      en: 'this photo is too dark to see your face well, please take a selfie in better light',
      th: 'รูปนี้มืดเกินกว่าจะเห็นใบหน้าชัด กรุณาถ่ายเซลฟี่ในที่ที่มีแสงสว่างมากขึ้น',
    },
    blurred: {
      en: 'this photo is blurred, please hold the phone still and take a sharp selfie',
      th: 'รูปนี้เบลอ กรุณาถือโทรศัพท์ให้นิ่งแล้วถ่ายเซลฟี่ให้ชัด',
    },
  };
  const problem = (['small', 'turned', 'dark', 'blurred'] as const).find((p) => problems.includes(p));
  if (!problem) return undefined;
  return refuse(422, words[problem].en, {
    field: 'file_location',
    code: `${POOR_SELFIE_CODE_PREFIX}${problem}`,
    th: words[problem].th,
  });
}

/** The searches' selfies' faces averaged: one descriptor of the runner from every selfie. */
function averageOf(descriptors: readonly Float32Array[]): Float32Array {
  const first = descriptors[0] as Float32Array;
  return Float32Array.from(first, (_, j) => {
    let sum = 0;
    for (const d of descriptors) sum += d[j] as number;
    return sum / descriptors.length;
  });
}

/**
 * Searches the event for the runner's face in one selfie, or two (their faces averaged, tiered at the two selfies'
 * stricter score). Before searching, a selfie whose face looks poor is refused with what to do, unless
 * `searchAnyway`; `take` claims the uploads when the search goes ahead (a refusal: nothing is searched).
 */
async function searchWithSelfies(
  ctx: AppContext,
  event: EventRow,
  selfies: readonly { bytes: Uint8Array; uploadKey?: string }[],
  options: { searchAnyway: boolean; take?: () => Promise<Refusal | undefined> },
): Promise<Outcome<FaceSearchAnswer>> {
  // Only the bytes' kind here: the engine decodes the selfie once (in a worker) and refuses what does not decode
  // or is too large, with the same words.
  if (selfies.some((s) => !sniffImageKind(s.bytes))) return selfieRefusal('not-an-image');
  const query = {
    eventId: event.event_id,
    threshold: event.face_threshold,
    maxResults: event.max_face_search,
  };
  let outcome: FaceSearchOutcome;
  try {
    const described = await Promise.all(selfies.map((s) => ctx.faces.describe(s.bytes, s.uploadKey)));
    const faces = described.flatMap((d) => (d.kind === 'face' ? [d] : []));
    if (faces.length === described.length && !options.searchAnyway) {
      const poor = poorSelfie(faces.flatMap((f) => f.quality?.problems ?? []));
      if (poor) return poor;
    }
    const taken = await options.take?.();
    if (taken) return taken;
    if (faces.length < described.length) outcome = { kind: 'no-face' };
    else {
      const descriptor = averageOf(faces.map((f) => f.descriptor));
      outcome = {
        kind: 'matches',
        matches: await ctx.faces.searchDescriptor(descriptor, {
          ...query,
          ...(faces.length === 2 ? { selfies: 2 as const } : {}),
        }),
        ...(faces[0]?.faces === undefined ? {} : { selfieFaces: faces[0].faces }),
        ...(faces[0]?.boxes ? { selfieBoxes: faces[0].boxes } : {}),
        descriptor,
      };
    }
  } catch (error) {
    if (error instanceof FaceImageError) return selfieRefusal(error.problem);
    throw error;
  }
  const fused =
    outcome.kind === 'matches'
      ? await confirmedByBib(ctx, event, outcome.matches, outcome.descriptor)
      : { matches: [] };
  const matched = await answerWithMatches(ctx, event, fused.matches, fused.byBib);
  if (!matched.ok) return matched;
  const answer = await withFinishFrames(ctx, event, matched.value, fused.byBib?.bib);
  // Our addition: how many faces the selfie had, so the runner hears "no face in this photo" rather
  // than "no match", and which face was searched when there were several (the largest).
  const faces = outcome.kind === 'no-face' ? 0 : outcome.selfieFaces;
  if (faces === undefined) return accept(answer);
  // Where they are when there are several, so that the runner can pick their own face to search with.
  const boxes = outcome.kind === 'matches' && faces > 1 ? outcome.selfieBoxes : undefined;
  return accept({ ...answer, selfie_faces: faces, ...(boxes ? { selfie_boxes: boxes } : {}) });
}

/**
 * The v2 face search answer for the engine's matches (best first): the event's own photos only, shaped as SPEC §3
 * gives, with the average price of buying them all. Every search (selfie, v1, "more like this") answers with it.
 */
export async function answerWithMatches(
  ctx: AppContext,
  event: EventRow,
  matches: readonly FaceMatch[],
  byBib?: FoundByBib,
): Promise<Outcome<FaceSearchAnswer>> {
  const rows = await photosByIds(ctx.db, [...matches.map((m) => m.photoId), ...(byBib?.photoIds ?? [])]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  // The event's own photos only; a match the engine did not tier counts as confident.
  const shown = matches.filter((m) => byId.get(m.photoId)?.event_id === event.event_id);
  const photoOf = (m: FaceMatch) => toApiPhoto(byId.get(m.photoId) as PhotoRef, ctx.photoPassSecret);
  const images = shown.filter((m) => m.tier !== 'maybe').map(photoOf);
  const maybe = shown.filter((m) => m.tier === 'maybe').map(photoOf);
  const faces = shown.flatMap((m) =>
    m.faceId === undefined || m.personId === undefined
      ? []
      : [{ photo_id: m.photoId, face_id: m.faceId, person_id: m.personId }],
  );
  const bibImages = (byBib?.photoIds ?? []).flatMap((id) => {
    const row = byId.get(id);
    return row?.event_id === event.event_id ? [toApiPhoto(row, ctx.photoPassSecret)] : [];
  });
  return accept({
    status: 'success',
    image_length: images.length,
    images,
    avg_price: await averagePrice(ctx, event, images.length),
    ...(maybe.length > 0 ? { maybe_images: maybe } : {}),
    ...(faces.length > 0 ? { matched_faces: faces } : {}),
    ...(byBib ? { runner_bib: byBib.bib, ...(bibImages.length > 0 ? { bib_images: bibImages } : {}) } : {}),
  });
}

/**
 * The answer with "at your finish, maybe you" (finish-frames.ts) for the runner's bib: the frames around their
 * finish that the answer does not already show. As it was without a bib, or without such frames.
 */
export async function withFinishFrames(
  ctx: AppContext,
  event: EventRow,
  answer: FaceSearchAnswer,
  bib: string | undefined,
): Promise<FaceSearchAnswer> {
  if (bib === undefined) return answer;
  const shown = new Set(
    [...answer.images, ...(answer.maybe_images ?? []), ...(answer.bib_images ?? [])].map((p) => p.id),
  );
  const ids = await finishFrames(ctx.db, event.event_id, bib, shown);
  if (ids.length === 0) return answer;
  const byId = new Map((await photosByIds(ctx.db, ids)).map((r) => [r.id, r]));
  const frames = ids.flatMap((id) => {
    const row = byId.get(id);
    return row?.event_id === event.event_id ? [toApiPhoto(row, ctx.photoPassSecret)] : [];
  });
  return frames.length > 0 ? { ...answer, finish_images: frames } : answer;
}

/** The runner's bib found under their matched faces, and its photos the face search did not find. */
export interface FoundByBib {
  bib: string;
  photoIds: number[];
}

/** What "photos of you" are judged with: the database (bib reads, start list), the face engine, the fusion setting. */
export type PhotosOfYouDeps = Pick<AppContext, 'db' | 'bibFusion'> & {
  faces: Pick<FaceSearchEngine, 'searchDescriptor'>;
};

/**
 * "Photos of you" for a face's descriptor: the one rule of every face search and of runners' alerts. The engine
 * tiers the event's faces within its threshold against the event's people (faces/calibration.ts: the calibrated
 * score, the vote of a person's faces, a confident face vouching for another; an event of too few people judged by
 * the plain distance), then face and bib confirm each other with the event's own bibs (confirmedByBib). The
 * selfie search is the same rule: the engine's search embeds the selfie and tiers with this same searchDescriptor,
 * then confirmedByBib.
 */
export async function photosOfFace(
  deps: PhotosOfYouDeps,
  event: EventRow,
  descriptor: ArrayLike<number>,
  maxResults: number = event.max_face_search,
): Promise<{ matches: FaceMatch[]; byBib?: FoundByBib }> {
  const matches = await deps.faces.searchDescriptor(descriptor, {
    eventId: event.event_id,
    threshold: event.face_threshold,
    maxResults,
  });
  return confirmedByBib(deps, event, matches, descriptor);
}

/**
 * Face and bib confirm each other (server/bibs/fusion.ts): the matches with their tiers set by the runner's bib,
 * and that bib with its other photos. The matches as they are when the event reads no bibs, when fusion is off,
 * or when no bib clearly leads under the runner's faces.
 */
export async function confirmedByBib(
  ctx: Pick<AppContext, 'db' | 'bibFusion'>,
  event: EventRow,
  given: readonly FaceMatch[],
  /** The face searched for, when known: removed runners' faces are judged against it. */
  query?: ArrayLike<number>,
): Promise<{ matches: FaceMatch[]; byBib?: FoundByBib }> {
  const matches = await withoutRemovedFaces(ctx.db, given, query);
  if (ctx.bibFusion === false || !readsBibs(event) || matches.length === 0) return { matches: [...matches] };
  const faceIds = matches.flatMap((m) => (m.faceId === undefined ? [] : [m.faceId]));
  const read = await bibsOnFaces(ctx.db, faceIds);
  const bibs = await eventBibs(
    ctx.db,
    event,
    read.map((r) => r.bib),
  );
  const reads = read.filter((r) => bibs.has(r.bib));
  const bib = runnerBibOf(matches, reads);
  if (bib === undefined) return { matches: [...matches] };
  const confirmed = confirmByBib(matches, reads, bib);
  const more = await photosWithBib(
    ctx.db,
    event.event_id,
    bib,
    event.max_face_search,
    matches.map((m) => m.photoId),
  );
  return { matches: confirmed, byBib: { bib, photoIds: more } };
}

/** Average price per photo when buying every match: the unlimited price when the event has one, else tiers. */
async function averagePrice(ctx: AppContext, event: EventRow, count: number): Promise<string> {
  if (count === 0) return '0.00';
  if (event.is_mhao) return averagePricePerPhoto(String(event.mhao_price), count);
  if (event.is_mhao_hybrid) return averagePricePerPhoto(String(event.hybrid_mhao_price), count);
  // A search answers in a rush: only the packages are read, not the event's other lists.
  const packages = await packagesOfShared(ctx.db, event.event_id);
  const price = priceCart({ photoCount: count, packages, freeDownload: event.is_free_download });
  return averagePricePerPhoto(price.cart_total_amt, count);
}

export async function highlights(ctx: AppContext, eventKey: string): Promise<Outcome<HighlightPhoto[]>> {
  const event = await findByKeyShared(ctx.db, eventKey);
  if (!event) return refuse(404, 'event not found', { field: 'event_key', code: 'event-not-found' });
  return accept((await listHighlights(ctx.db, event.event_id, HIGHLIGHT_LIMIT)).map(toHighlightPhoto));
}

/** A fraction of the photo, clipped to 0..1 and rounded to 4 decimals (a tenth of a pixel on a 4000 px photo). */
const fractionOf = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

/**
 * The faces found in a photo, boxes as fractions of the photo, so the runner can tap the one that is them. Asked
 * without the photo's pass, the photo is unknown (the same answer as for no photo: nothing to learn from it).
 */
export async function facesInPhoto(
  ctx: AppContext,
  photoId: number,
  pass: string | undefined,
): Promise<Outcome<PhotoFace[]>> {
  const shown = isPhotoId(photoId) && isPhotoPass(ctx.photoPassSecret, photoId, pass);
  const [photo] = shown ? await photosByIds(ctx.db, [photoId]) : [];
  if (!photo) return refuse(404, 'photo not found', { field: 'photo_id', code: 'photo-not-found' });
  const faces = await facesOfPhoto(ctx.db, photoId);
  return accept(
    faces.map((f) => {
      const w = Math.max(1, f.photo_width);
      const h = Math.max(1, f.photo_height);
      const x = fractionOf(f.box.x / w);
      const y = fractionOf(f.box.y / h);
      // A box cut by the photo's edge keeps only its part inside the photo.
      const right = fractionOf((f.box.x + f.box.width) / w);
      const bottom = fractionOf((f.box.y + f.box.height) / h);
      return {
        face_id: f.id,
        box: { x, y, width: fractionOf(right - x), height: fractionOf(bottom - y) },
      };
    }),
  );
}

/**
 * "More like this one": search the event with the descriptor of a face the runner picked in a result photo, with
 * the event's threshold and limit, answered like the selfie search. The face's photo's pass must come with it; a
 * face asked for without it is unknown, as a face that is not.
 */
export async function searchSimilar(
  ctx: AppContext,
  request: { event_key: string; face_id: number; pass?: string | undefined },
): Promise<Outcome<FaceSearchAnswer>> {
  const open = await eventOpenForFaceSearch(ctx, request.event_key);
  if (!open.ok) return open;
  const event = open.value;
  const face = await faceById(ctx.db, request.face_id);
  if (!face || !isPhotoPass(ctx.photoPassSecret, face.photo_id, request.pass))
    return refuse(404, 'face not found', { field: 'face_id', code: 'face-not-found' });
  if (face.event_id !== event.event_id) {
    return refuse(400, 'this face is not in a photo of this event', {
      field: 'face_id',
      code: 'face-of-other-event',
    });
  }
  const fused = await photosOfFace(ctx, event, descriptorFromBytes(face.descriptor));
  return answerWithMatches(ctx, event, fused.matches, fused.byBib);
}
