// The face engine's interface as the search calls use it. The engine itself (detector, descriptors, index) is
// built in the face engine issue; until then `withoutFaceIndex` answers that nothing matches, as agreed there.
export interface FaceMatch {
  photoId: number;
  /** Euclidean distance between the selfie's descriptor and the photo's closest face (smaller is closer). */
  distance: number;
}

export interface FaceQuery {
  eventId: number;
  /** Largest distance that counts as the same person. */
  threshold: number;
  /** Most photos to answer. */
  maxResults: number;
}

export type FaceSearchOutcome = { kind: 'matches'; matches: FaceMatch[] } | { kind: 'no-face' };

export interface FaceSearchEngine {
  /** Finds the event's photos showing the largest face of the selfie, best first. */
  search(selfie: Uint8Array, query: FaceQuery): Promise<FaceSearchOutcome>;
}

/** The engine before any photo is indexed: every search finds nothing. */
export const withoutFaceIndex: FaceSearchEngine = {
  async search() {
    return { kind: 'matches', matches: [] };
  },
};
