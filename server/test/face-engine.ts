// A face engine for route and job tests: every selfie holds one face (a zero descriptor) and every search finds
// nothing, unless the test gives its own describe or searchDescriptor.
import type { FaceSearchEngine } from '../faces/engine';

export function standInFaces(parts: Partial<FaceSearchEngine> = {}): FaceSearchEngine {
  return {
    describe: async () => ({ kind: 'face', descriptor: new Float32Array(128) }),
    searchDescriptor: async () => [],
    ...parts,
  };
}
