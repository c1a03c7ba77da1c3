// The selfie search state machine: the happy path, each failure, the spec's messages' flags, and what a state
// ignores (late progress, answers after a failure, choices while busy).
import { describe, expect, it } from 'vitest';
import type { FaceSearchAnswer } from '../../../core/contract/facesearch';
import type { Photo } from '../../../core/contract/photos';
import {
  initialSearchState,
  isBusy,
  mergePhotos,
  type SearchAction,
  type SearchFailure,
  type SearchState,
  searchReducer,
  uploadPercent,
} from './search-machine';

const photo = (id: number): Photo => ({
  id,
  event_id: 1,
  photographer_id: 0,
  original_file_name: `IMG_${id}.JPG`,
  thumbnail_file_name: `p${id}.jpg`,
  preview_file_name: `p${id}.jpg`,
  atc: 'N',
  is_manual: 'N',
});
const answer = (...ids: number[]): FaceSearchAnswer => ({
  status: 'success',
  image_length: ids.length,
  images: ids.map(photo),
  avg_price: '0.00',
});
const run = (...actions: SearchAction[]): SearchState => actions.reduce(searchReducer, initialSearchState);
const toSearching: SearchAction[] = [
  { type: 'started', oversize: false },
  { type: 'compressed' },
  { type: 'uploaded' },
];

describe('searchReducer', () => {
  it('goes idle → preparing → uploading (percent) → searching → found', () => {
    let state = run({ type: 'started', oversize: false });
    expect(state.current).toEqual({ step: 'preparing' });
    expect(isBusy(state)).toBe(true);
    state = searchReducer(state, { type: 'compressed' });
    expect(state.current).toEqual({ step: 'uploading', percent: 0 });
    state = searchReducer(state, { type: 'progress', loaded: 250, total: 1000 });
    expect(state.current).toEqual({ step: 'uploading', percent: 25 });
    // Progress never goes back.
    state = searchReducer(state, { type: 'progress', loaded: 100, total: 1000 });
    expect(state.current).toEqual({ step: 'uploading', percent: 25 });
    state = searchReducer(state, { type: 'uploaded' });
    expect(state.current).toEqual({ step: 'searching' });
    expect(isBusy(state)).toBe(true);
    state = searchReducer(state, { type: 'answered', answer: answer(3, 4) });
    expect(state.current).toEqual({ step: 'found', photos: [photo(3), photo(4)] });
    expect(isBusy(state)).toBe(false);
  });

  it('waits while the server is busy, then searches again', () => {
    let state = run(...toSearching, { type: 'busy', seconds: 7 });
    expect(state.current).toEqual({ step: 'searching', busy: { seconds: 7 } });
    // Still a run under way: the picker stays disabled.
    expect(isBusy(state)).toBe(true);
    state = searchReducer(state, { type: 'retrying' });
    expect(state.current).toEqual({ step: 'searching' });
    state = searchReducer(state, { type: 'busy', seconds: 4 });
    expect(state.current).toEqual({ step: 'searching', busy: { seconds: 4 } });
    state = searchReducer(state, { type: 'answered', answer: answer(3) });
    expect(state.current).toEqual({ step: 'found', photos: [photo(3)] });
    // A late busy answer after the result changes nothing.
    expect(searchReducer(state, { type: 'busy', seconds: 5 })).toBe(state);
    expect(run({ type: 'busy', seconds: 5 }).current).toEqual({ step: 'idle' });
  });

  it('answers not-found for an empty answer', () => {
    expect(run(...toSearching, { type: 'answered', answer: answer() }).current).toEqual({
      step: 'not-found',
    });
  });

  it('fails with the search error or the upload-or-search error, re-enabling the input', () => {
    for (const failure of ['search', 'upload-or-search'] as const) {
      const state = run(...toSearching, { type: 'failed', failure });
      expect(state.current).toEqual({ step: 'error', failure });
      expect(isBusy(state)).toBe(false);
    }
    // A failure while uploading too.
    const state = run(
      { type: 'started', oversize: false },
      { type: 'compressed' },
      { type: 'failed', failure: 'upload-or-search' },
    );
    expect(state.current).toEqual({ step: 'error', failure: 'upload-or-search' });
  });

  it('shows the type message for a wrong file, keeping the results shown', () => {
    const found = run(...toSearching, { type: 'answered', answer: answer(1) });
    const state = searchReducer(found, { type: 'rejected-type' });
    expect(state.wrongType).toBe(true);
    expect(state.current).toEqual(found.current);
    // The next choice clears the message.
    expect(searchReducer(state, { type: 'started', oversize: false }).wrongType).toBe(false);
  });

  it('turns a file that does not decode during preparation into the type message', () => {
    const state = run({ type: 'started', oversize: true }, { type: 'failed', failure: 'wrong-type' });
    expect(state).toEqual({
      current: { step: 'idle' },
      run: 1,
      resultsChanged: 0,
      wrongType: true,
      sizeWarning: false,
    });
  });

  it('raises the size warning for an oversize file while the run goes on, until it expires', () => {
    let state = run({ type: 'started', oversize: true });
    expect(state.sizeWarning).toBe(true);
    state = searchReducer(state, { type: 'compressed' });
    expect(state.sizeWarning).toBe(true);
    state = searchReducer(state, { type: 'size-warning-expired' });
    expect(state.sizeWarning).toBe(false);
    expect(state.current.step).toBe('uploading');
  });

  it('ignores a new choice, a reset and a type refusal while busy', () => {
    const busy = run({ type: 'started', oversize: false }, { type: 'compressed' });
    expect(searchReducer(busy, { type: 'started', oversize: true })).toBe(busy);
    expect(searchReducer(busy, { type: 'rejected-type' })).toBe(busy);
    expect(searchReducer(busy, { type: 'reset' })).toBe(busy);
  });

  it('ignores steps out of order: progress before upload, an answer while uploading, a late failure', () => {
    const preparing = run({ type: 'started', oversize: false });
    expect(searchReducer(preparing, { type: 'progress', loaded: 1, total: 2 })).toBe(preparing);
    expect(searchReducer(preparing, { type: 'uploaded' })).toBe(preparing);
    const uploading = searchReducer(preparing, { type: 'compressed' });
    expect(searchReducer(uploading, { type: 'answered', answer: answer(1) })).toBe(uploading);
    const done = run(...toSearching, { type: 'answered', answer: answer(1) });
    expect(searchReducer(done, { type: 'failed', failure: 'search' })).toBe(done);
    expect(searchReducer(initialSearchState, { type: 'compressed' })).toBe(initialSearchState);
  });

  it('merges or replaces results with "more like this one"', () => {
    const found = run(...toSearching, { type: 'answered', answer: answer(1, 2) });
    const merged = searchReducer(found, {
      type: 'more-results',
      photos: [photo(2), photo(5)],
      mode: 'merge',
    });
    expect(merged.current).toEqual({ step: 'found', photos: [photo(1), photo(2), photo(5)] });
    const replaced = searchReducer(found, { type: 'more-results', photos: [photo(7)], mode: 'replace' });
    expect(replaced.current).toEqual({ step: 'found', photos: [photo(7)] });
    // Nothing to replace with: the results stay; outside found it does nothing.
    expect(searchReducer(found, { type: 'more-results', photos: [], mode: 'replace' })).toBe(found);
    expect(
      searchReducer(initialSearchState, { type: 'more-results', photos: [photo(1)], mode: 'merge' }),
    ).toBe(initialSearchState);
  });

  it('shows kept results again only while nothing else is shown or under way', () => {
    const restored = run({ type: 'restored', photos: [photo(4), photo(5)] });
    expect(restored.current).toEqual({ step: 'found', photos: [photo(4), photo(5)] });
    expect(run({ type: 'restored', photos: [] })).toEqual(initialSearchState);
    // A search began before the kept results were read: they are not shown over it.
    expect(run(...toSearching, { type: 'restored', photos: [photo(4)] }).current).toEqual({
      step: 'searching',
    });
  });

  it('widens the results with a second selfie: they stay shown meanwhile, the new ones are added once each', () => {
    const first = run(...toSearching, { type: 'answered', answer: answer(1, 2) });
    const widening: SearchAction[] = [
      { type: 'started', oversize: false, widen: true },
      { type: 'compressed' },
      { type: 'uploaded' },
    ];
    let state = [...widening].reduce(searchReducer, first);
    expect(state.current).toEqual({ step: 'searching' });
    expect(state.widening?.map((p) => p.id)).toEqual([1, 2]);
    state = searchReducer(state, { type: 'answered', answer: answer(2, 3, 4) });
    expect(state.current).toEqual({ step: 'found', photos: [photo(1), photo(2), photo(3), photo(4)] });
    expect(state.widening).toBeUndefined();
    expect(state.widened).toEqual({ added: 2 });
    // Nothing new: the results stay, and it says so.
    state = [...widening, { type: 'answered', answer: answer() } as SearchAction].reduce(
      searchReducer,
      state,
    );
    expect(state.current).toEqual({ step: 'found', photos: [photo(1), photo(2), photo(3), photo(4)] });
    expect(state.widened).toEqual({ added: 0 });
  });

  it('keeps the results when a second selfie fails, saying why', () => {
    const first = run(...toSearching, { type: 'answered', answer: answer(1) });
    const widenThen = (failure: SearchFailure | 'wrong-type'): SearchAction[] => [
      { type: 'started', oversize: false, widen: true },
      { type: 'failed', failure },
    ];
    const failed = widenThen('offline').reduce(searchReducer, first);
    expect(failed.current).toEqual({ step: 'found', photos: [photo(1)] });
    expect(failed.widened).toEqual({ failure: 'offline' });
    const wrongType = widenThen('wrong-type').reduce(searchReducer, first);
    expect(wrongType.current).toEqual({ step: 'found', photos: [photo(1)] });
    expect(wrongType.wrongType).toBe(true);
    // A new (not widening) search replaces the results.
    const replaced = [...toSearching, { type: 'answered', answer: answer(7) } as SearchAction].reduce(
      searchReducer,
      first,
    );
    expect(replaced.current).toEqual({ step: 'found', photos: [photo(7)] });
  });

  it('resets to idle when not busy, as a run of its own', () => {
    const found = run(...toSearching, { type: 'answered', answer: answer(1) });
    expect(searchReducer(found, { type: 'reset' })).toEqual({
      ...initialSearchState,
      run: found.run + 1,
      resultsChanged: found.resultsChanged,
    });
  });

  it('shows the frames of the runner\'s finish apart, moves one up on "this is me", hides one on "not me"', () => {
    const found = run(...toSearching, {
      type: 'answered',
      answer: { ...answer(1), maybe_images: [photo(2)], finish_images: [photo(1), photo(5), photo(6)] },
    });
    // A frame already among the photos of you shows there only.
    expect(found.current).toEqual({
      step: 'found',
      photos: [photo(1)],
      maybe: [photo(2)],
      finish: [photo(5), photo(6)],
    });
    const mine = searchReducer(found, { type: 'mine', photoId: 6 });
    expect(mine.current).toMatchObject({ photos: [photo(1), photo(6)], finish: [photo(5)] });
    expect(mine.notice).toEqual({ kind: 'mine', moved: 1, searching: false });
    const hidden = searchReducer(found, { type: 'not-mine', photoId: 5 });
    expect(hidden.current).toMatchObject({ photos: [photo(1)], finish: [photo(6)] });
    expect(hidden.notice).toMatchObject({ kind: 'hidden', count: 1 });
    // Frames alone are a result: the runner's face and bib did not show anywhere else.
    expect(
      run(
        { type: 'bib-started', bib: '1234' },
        { type: 'answered', answer: { ...answer(), finish_images: [photo(9)] } },
      ).current,
    ).toEqual({ step: 'found', photos: [], finish: [photo(9)] });
    // A second selfie keeps them, adding its own.
    const widened = [
      { type: 'started', oversize: false, widen: true } as SearchAction,
      { type: 'compressed' } as SearchAction,
      { type: 'uploaded' } as SearchAction,
      { type: 'answered', answer: { ...answer(3), finish_images: [photo(7)] } } as SearchAction,
    ].reduce(searchReducer, found);
    expect(widened.current).toMatchObject({
      photos: [photo(1), photo(3)],
      finish: [photo(5), photo(6), photo(7)],
    });
  });

  it('counts the changes to the results, and nothing else, as changes to keep', () => {
    const changes = (state: SearchState, ...actions: SearchAction[]) =>
      actions.reduce(searchReducer, state).resultsChanged - state.resultsChanged;
    // Brought back from an earlier visit: already kept.
    const restored = run({ type: 'restored', photos: [photo(1)] });
    expect(restored.resultsChanged).toBe(0);
    // A search's steps change nothing until its answer, found or not.
    expect(changes(restored, ...toSearching)).toBe(0);
    expect(changes(restored, ...toSearching, { type: 'answered', answer: answer(2) })).toBe(1);
    expect(changes(restored, ...toSearching, { type: 'answered', answer: answer() })).toBe(1);
    expect(changes(restored, ...toSearching, { type: 'failed', failure: 'search' })).toBe(0);
    const found = run(...toSearching, {
      type: 'answered',
      answer: {
        ...answer(1),
        maybe_images: [photo(2)],
        matched_faces: [
          { photo_id: 1, face_id: 11, person_id: 1 },
          { photo_id: 2, face_id: 12, person_id: 2 },
        ],
      },
    });
    expect(found.resultsChanged).toBe(1);
    // A widening that fails shows the same results again; one that answers changes them.
    const widen: SearchAction = { type: 'started', oversize: false, widen: true };
    expect(changes(found, widen, { type: 'compressed' }, { type: 'failed', failure: 'offline' })).toBe(0);
    expect(
      changes(
        found,
        widen,
        { type: 'compressed' },
        { type: 'uploaded' },
        { type: 'answered', answer: answer(3) },
      ),
    ).toBe(1);
    // More results, "this is me", "not me" and its undo each change them.
    expect(changes(found, { type: 'more-results', photos: [photo(4)], mode: 'merge' })).toBe(1);
    expect(changes(found, { type: 'mine', photoId: 2 })).toBe(1);
    expect(changes(found, { type: 'not-mine', photoId: 2 }, { type: 'undo-not-mine' })).toBe(2);
    // "This is me" on a photo already among the runner's, and more results of an earlier run, change nothing.
    expect(changes(found, { type: 'mine', photoId: 1, searching: true })).toBe(0);
    expect(
      changes(found, { type: 'more-results', photos: [photo(4)], mode: 'merge', run: found.run - 1 }),
    ).toBe(0);
    // A reset keeps the count: a page that kept results is not told of a change it did not make.
    expect(changes(found, { type: 'reset' })).toBe(0);
  });

  it('applies "more" results only in the run they were asked in', () => {
    const found = run(...toSearching, { type: 'answered', answer: answer(1) });
    const late: SearchAction = {
      type: 'more-results',
      photos: [photo(9)],
      mode: 'merge',
      run: found.run - 1,
    };
    expect(searchReducer(found, late)).toBe(found);
    const now = searchReducer(found, { ...late, run: found.run });
    expect(now.current).toEqual({ step: 'found', photos: [photo(1), photo(9)] });
  });

  it('keeps the tiers: "this is me" moves a photo up; "not me" drops its person, also from later results', () => {
    const tiered = {
      ...answer(1),
      maybe_images: [photo(2), photo(3)],
      matched_faces: [
        { photo_id: 1, face_id: 11, person_id: 1 },
        { photo_id: 2, face_id: 12, person_id: 7 },
        { photo_id: 3, face_id: 13, person_id: 8 },
      ],
    };
    let state = run(...toSearching, { type: 'answered', answer: tiered });
    expect(state.current).toMatchObject({ photos: [photo(1)], maybe: [photo(2), photo(3)] });
    state = searchReducer(state, { type: 'mine', photoId: 3 });
    expect(state.current).toMatchObject({ photos: [photo(1), photo(3)], maybe: [photo(2)] });
    state = searchReducer(state, { type: 'not-mine', photoId: 2 });
    expect(state.current).toMatchObject({ photos: [photo(1), photo(3)], notMine: [7] });
    expect(state.current).not.toHaveProperty('maybe');
    // "This is me" on one photo of a likely person brings up that person's other "maybe" photos with it.
    const grouped = run(...toSearching, {
      type: 'answered',
      answer: {
        ...tiered,
        maybe_images: [photo(2), photo(3), photo(6)],
        matched_faces: [...tiered.matched_faces, { photo_id: 6, face_id: 16, person_id: 8 }],
      },
    });
    expect(searchReducer(grouped, { type: 'mine', photoId: 6 }).current).toMatchObject({
      photos: [photo(1), photo(3), photo(6)],
      maybe: [photo(2)],
    });
    // A later answer with that person's photo 4 does not bring them back.
    state = searchReducer(state, {
      type: 'more-results',
      mode: 'merge',
      photos: [photo(4), photo(5)],
      matched: [
        { photo_id: 4, face_id: 14, person_id: 7 },
        { photo_id: 5, face_id: 15, person_id: 1 },
      ],
    });
    expect(state.current).toMatchObject({ photos: [photo(1), photo(3), photo(5)] });
    // Nothing left: still the results, empty, and the notice says the runner hid them (not "nothing found").
    const alone = run(...toSearching, {
      type: 'answered',
      answer: { ...answer(1), matched_faces: [{ photo_id: 1, face_id: 11, person_id: 1 }] },
    });
    const emptied = searchReducer(alone, { type: 'not-mine', photoId: 1 });
    expect(emptied.current).toMatchObject({ step: 'found', photos: [] });
    expect(emptied.notice).toMatchObject({ kind: 'hidden', count: 1 });
    expect(searchReducer(emptied, { type: 'undo-not-mine' }).current).toEqual(alone.current);
  });

  it('"not me" says how many photos it hid and is undone; the next change ends the undo', () => {
    const tiered = {
      ...answer(1, 2, 3),
      maybe_images: [photo(4), photo(5)],
      matched_faces: [
        { photo_id: 1, face_id: 11, person_id: 1 },
        { photo_id: 2, face_id: 12, person_id: 7 },
        { photo_id: 3, face_id: 13, person_id: 7 },
        { photo_id: 4, face_id: 14, person_id: 7 },
        { photo_id: 5, face_id: 15, person_id: 8 },
      ],
    };
    const found = run(...toSearching, { type: 'answered', answer: tiered });
    // Person 7's three photos (two of you, one maybe) go at once.
    const hid = searchReducer(found, { type: 'not-mine', photoId: 2 });
    expect(hid.current).toMatchObject({ photos: [photo(1)], maybe: [photo(5)] });
    expect(hid.notice).toEqual({ kind: 'hidden', count: 3, undo: found.current });
    const undone = searchReducer(hid, { type: 'undo-not-mine' });
    expect(undone.current).toEqual(found.current);
    expect(undone.notice).toBeUndefined();
    // Undo twice does nothing more.
    expect(searchReducer(undone, { type: 'undo-not-mine' })).toBe(undone);
    // A new answer ends what could be undone.
    const later = run(...toSearching, { type: 'answered', answer: tiered }, { type: 'not-mine', photoId: 5 });
    expect(later.notice).toMatchObject({ kind: 'hidden', count: 1 });
    expect(searchReducer(later, { type: 'reset' }).notice).toBeUndefined();
  });

  it('"this is me" says what it moved up, then what its face\'s search added, or that it failed', () => {
    const tiered = {
      ...answer(1),
      maybe_images: [photo(2), photo(3)],
      matched_faces: [
        { photo_id: 1, face_id: 11, person_id: 1 },
        { photo_id: 2, face_id: 12, person_id: 7 },
        { photo_id: 3, face_id: 13, person_id: 7 },
      ],
    };
    const found = run(...toSearching, { type: 'answered', answer: tiered });
    const mine = searchReducer(found, { type: 'mine', photoId: 2, searching: true });
    expect(mine.notice).toEqual({ kind: 'mine', moved: 2, searching: true });
    const more = searchReducer(mine, {
      type: 'more-results',
      mode: 'merge',
      photos: [photo(2), photo(8), photo(9)],
      fromMine: true,
      run: mine.run,
    });
    expect(more.current).toMatchObject({ photos: [photo(1), photo(2), photo(3), photo(8), photo(9)] });
    expect(more.notice).toEqual({ kind: 'mine', moved: 2, searching: false, added: 2 });
    // Its search failed: the photos moved up stay, and the failure is said.
    expect(searchReducer(mine, { type: 'mine-failed', run: mine.run }).notice).toEqual({
      kind: 'mine',
      moved: 2,
      searching: false,
      failed: true,
    });
    // On a photo already among the photos of you: only the search is said.
    expect(searchReducer(found, { type: 'mine', photoId: 1, searching: true }).notice).toEqual({
      kind: 'mine',
      moved: 0,
      searching: true,
    });
  });
});

describe('uploadPercent', () => {
  it('is a whole percent between 0 and 100', () => {
    expect(uploadPercent(0, 100)).toBe(0);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(2000, 1000)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
    expect(uploadPercent(Number.NaN, 10)).toBe(0);
  });
});

describe('mergePhotos', () => {
  it('keeps the shown photos first, then the new ones once each', () => {
    expect(
      mergePhotos([photo(1), photo(2)], [photo(3), photo(1), photo(3), photo(4)]).map((p) => p.id),
    ).toEqual([1, 2, 3, 4]);
  });
});

describe('searchReducer with bib numbers', () => {
  it('searches by bib straight from idle or results, saying its bib, and a new selfie forgets it', () => {
    const searching = run({ type: 'bib-started', bib: '1234' });
    expect(searching).toMatchObject({ current: { step: 'searching' }, bib: '1234', run: 1 });
    // Not while a run is under way.
    expect(searchReducer(searching, { type: 'bib-started', bib: '99' })).toBe(searching);
    const foundIt = searchReducer(searching, { type: 'answered', answer: answer(3, 4) });
    expect(foundIt).toMatchObject({ current: { step: 'found', photos: [photo(3), photo(4)] }, bib: '1234' });
    const none = run({ type: 'bib-started', bib: '777' }, { type: 'answered', answer: answer() });
    expect(none).toMatchObject({ current: { step: 'not-found' }, bib: '777' });
    const selfie = searchReducer(foundIt, { type: 'started', oversize: false });
    expect(selfie.bib).toBeUndefined();
    const failed = run({ type: 'bib-started', bib: '1234' }, { type: 'failed', failure: 'search' });
    expect(failed.current).toEqual({ step: 'error', failure: 'search' });
  });

  it('adds the photos of the runner’s bib after the face’s, kept through "not me", a widening and more', () => {
    const withBib = (ids: number[], bibIds: number[]): FaceSearchAnswer => ({
      ...answer(...ids),
      runner_bib: '1234',
      bib_images: bibIds.map(photo),
      matched_faces: ids.map((id) => ({ photo_id: id, face_id: 10 + id, person_id: id === 2 ? 2 : 1 })),
    });
    const state = run(...toSearching, { type: 'answered', answer: withBib([1, 2], [5, 6]) });
    expect(state.current).toMatchObject({
      step: 'found',
      photos: [photo(1), photo(2), photo(5), photo(6)],
      byBib: { bib: '1234', photoIds: [5, 6] },
    });
    // A second selfie adds its own bib photos.
    const widened = [
      { type: 'started', oversize: false, widen: true },
      { type: 'compressed' },
      { type: 'uploaded' },
      { type: 'answered', answer: withBib([3], [6, 7]) },
    ] as SearchAction[];
    const wider = widened.reduce(searchReducer, state);
    expect(wider.current).toMatchObject({ byBib: { bib: '1234', photoIds: [5, 6, 7] } });
    expect(wider.current.step === 'found' && wider.current.photos.map((p) => p.id)).toEqual([
      1, 2, 5, 6, 3, 7,
    ]);
    // "Not me" keeps the bib's photos that are left; "more like this" merged keeps them, replaced drops them.
    const notMe = searchReducer(state, { type: 'not-mine', photoId: 2 });
    expect(notMe.current).toMatchObject({ byBib: { photoIds: [5, 6] } });
    const merged = searchReducer(state, { type: 'more-results', photos: [photo(8)], mode: 'merge' });
    expect(merged.current).toMatchObject({ byBib: { photoIds: [5, 6] } });
    const replaced = searchReducer(state, { type: 'more-results', photos: [photo(8)], mode: 'replace' });
    expect(replaced.current.step === 'found' && replaced.current.byBib).toBeUndefined();
  });

  it('keeps a bib photo said "not me" hidden, forgets the bib heading on "more like this", keeps one runner’s bib', () => {
    const withBib = (ids: number[], bib: string, bibIds: number[]): FaceSearchAnswer => ({
      ...answer(...ids),
      runner_bib: bib,
      bib_images: bibIds.map(photo),
      matched_faces: ids.map((id) => ({ photo_id: id, face_id: 10 + id, person_id: 1 })),
    });
    const widen = (state: SearchState, next: FaceSearchAnswer) =>
      (
        [
          { type: 'started', oversize: false, widen: true },
          { type: 'compressed' },
          { type: 'uploaded' },
          { type: 'answered', answer: next },
        ] as SearchAction[]
      ).reduce(searchReducer, state);
    const state = run(...toSearching, { type: 'answered', answer: withBib([1], '1234', [5, 6]) });
    const hidden = searchReducer(state, { type: 'not-mine', photoId: 5 });
    expect(hidden.current).toMatchObject({ photos: [photo(1), photo(6)], notMinePhotos: [5] });
    // A second selfie's answer brings photo 5 again: it stays hidden.
    const wider = widen(hidden, withBib([2], '1234', [5, 7]));
    expect(wider.current.step === 'found' && wider.current.photos.map((p) => p.id)).toEqual([1, 6, 2, 7]);
    // A second selfie that found another runner's bib: those photos are not added as the runner's.
    const other = widen(state, withBib([3], '9999', [8]));
    expect(other.current.step === 'found' && other.current.photos.map((p) => p.id)).toEqual([1, 5, 6, 3]);
    expect(other.current).toMatchObject({ byBib: { bib: '1234', photoIds: [5, 6] } });
    // "More like this" after a bib search: the heading no longer says the bib.
    const byBib = run({ type: 'bib-started', bib: '1234' }, { type: 'answered', answer: answer(3) });
    const more = searchReducer(byBib, { type: 'more-results', photos: [photo(9)], mode: 'merge' });
    expect(more.bib).toBeUndefined();
    expect(more.current.step === 'found' && more.current.photos.map((p) => p.id)).toEqual([3, 9]);
  });
});
