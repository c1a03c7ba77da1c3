// The face search's measured accuracy, as the "How face search works" page states it. From `npm run bench:face --
// --faces ../shared/faces --crowd ../shared/face-bench/crowd-64.jpg ../shared/face-bench/crowd-40.jpg --workers 2`
// (README): update these with the engine, never by hand-picked runs.
export const FACE_SEARCH_FIGURES = {
  /** When the figures below were measured (ISO date). */
  measuredOn: '2026-11-26',
  /** The face set: 40 face photos of 8 people, each searched for the same person's others. */
  faceSetPhotos: 40,
  faceSetPeople: 8,
  /** Share of the same person's photos found, and share of the photos found that are that person. */
  recall: 1,
  precision: 1,
  /** Crowd photos (4000 × 3000, 40 faces each): share of the runners found, by face width in pixels. */
  crowd: [
    { faceWidth: 64, recall: 1 },
    { faceWidth: 40, recall: 1 },
  ],
} as const;
