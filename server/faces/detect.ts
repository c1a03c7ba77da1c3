// Face detection and description: every face of an event photo (whole-image passes plus 1024 px tiles for large
// photos, duplicates merged), and the one face of a selfie. Each descriptor is computed on a full-resolution crop
// around its face (landmarks, then the aligned face), so small faces in big photos keep their detail.
import { type FaceBox, mergeBoxes, type ScoredBox, tilesFor, touchesInnerEdge } from './boxes';
import { decodeRgb, type RgbImage } from './image';
import { clip, cropRgb, locate, type Tensor3D, toTensor, wholeOf } from './locate';
import { type FaceApi, loadFaceModels } from './models';

export type { FaceBox } from './boxes';

export interface DetectedFace {
  /** In the pixels of the (EXIF-rotated) image; for a selfie, of the shrunk image. */
  box: FaceBox;
  score: number;
  descriptor: Float32Array;
}

export interface DetectOptions {
  /** Lowest detector score kept in whole-image passes (face-api's default is 0.5). */
  minScore?: number;
  /** Lowest detector score kept in tiles (small faces score lower). */
  tileMinScore?: number;
  /** Tile size and overlap for large photos. */
  tileSize?: number;
  tileOverlap?: number;
  /** Photos whose longer side is above this are tiled as well as seen whole. */
  tileAbove?: number;
  /** Border of the second whole-image pass (share of the longer side): finds faces that fill the frame. */
  framePad?: number;
  /** Faces narrower than this (pixels) are dropped: too small to describe reliably. */
  minFaceWidth?: number;
}

export const DETECT_DEFAULTS: Required<DetectOptions> = {
  minScore: 0.5,
  tileMinScore: 0.1,
  tileSize: 1024,
  tileOverlap: 192,
  tileAbove: 1600,
  framePad: 0.6,
  minFaceWidth: 20,
};

function crops(faceapi: FaceApi, image: RgbImage, boxes: readonly FaceBox[]): Tensor3D[] {
  return boxes.map((b) => toTensor(faceapi, cropRgb(image, b)));
}

const BATCH = 8;

/** Landmarks on each face's crop, then the descriptor on the aligned crop, both cut from the full image. */
export async function describeBoxes(
  faceapi: FaceApi,
  image: RgbImage,
  boxes: readonly ScoredBox[],
): Promise<DetectedFace[]> {
  const out: DetectedFace[] = [];
  for (let start = 0; start < boxes.length; start += BATCH) {
    const batch = boxes
      .slice(start, start + BATCH)
      .map((b) => ({ ...clip(b, image.width, image.height), score: b.score }));
    const faceCrops = crops(faceapi, image, batch);
    let aligned: FaceBox[];
    try {
      const marks = await faceapi.nets.faceLandmark68Net.detectLandmarks(faceCrops);
      const list = Array.isArray(marks) ? marks : [marks];
      aligned = batch.map((b, i) => {
        const unshifted = list[i];
        if (!unshifted) return b;
        const a = unshifted.shiftBy(b.x, b.y).align(null, { useDlibAlignment: true });
        return { x: a.x, y: a.y, width: a.width, height: a.height };
      });
    } finally {
      for (const c of faceCrops) c.dispose();
    }
    const alignedCrops = crops(faceapi, image, aligned);
    try {
      const descriptors = await faceapi.nets.faceRecognitionNet.computeFaceDescriptor(alignedCrops);
      const list = Array.isArray(descriptors) ? descriptors : [descriptors];
      batch.forEach((b, i) => {
        const descriptor = list[i];
        if (descriptor) out.push({ box: b, score: b.score, descriptor: Float32Array.from(descriptor) });
      });
    } finally {
      for (const c of alignedCrops) c.dispose();
    }
  }
  return out;
}

/**
 * Face boxes of the image: a whole-image pass, a bordered whole-image pass (faces filling the frame), and tiles
 * when the image is large (small faces); duplicates merged.
 */
export async function findFaceBoxes(
  faceapi: FaceApi,
  image: RgbImage,
  options: DetectOptions = {},
): Promise<ScoredBox[]> {
  const o = { ...DETECT_DEFAULTS, ...options };
  const { width, height } = image;
  const boxes = await locate(faceapi, image, wholeOf(image), o.minScore);
  if (o.framePad > 0)
    boxes.push(...(await locate(faceapi, image, wholeOf(image), o.minScore, { pad: o.framePad })));
  if (Math.max(width, height) > o.tileAbove) {
    for (const tile of tilesFor(width, height, o.tileSize, o.tileOverlap)) {
      const found = await locate(faceapi, image, tile, o.tileMinScore);
      for (const b of found) boxes.push({ ...b, cut: touchesInnerEdge(b, tile, width, height) });
    }
  }
  return mergeBoxes(boxes).filter((b) => b.width >= o.minFaceWidth);
}

/** Every face of a photo with its descriptor. */
export async function detectFaces(image: RgbImage, options: DetectOptions = {}): Promise<DetectedFace[]> {
  const faceapi = await loadFaceModels();
  const boxes = await findFaceBoxes(faceapi, image, options);
  return describeBoxes(faceapi, image, boxes);
}

/** Photo bytes to every face (decoding errors throw FaceImageError). */
export async function detectFacesInBytes(
  bytes: Uint8Array,
  options: DetectOptions = {},
): Promise<DetectedFace[]> {
  return detectFaces(await decodeRgb(bytes), options);
}

export type SelfieOutcome = { kind: 'face'; face: DetectedFace } | { kind: 'no-face' };

/** Selfies are shrunk to this longer side before detection (a phone photo's face stays large). */
export const SELFIE_MAX_SIDE = 1280;

/**
 * Selfie passes, cheapest first, until one finds a face: the tiny detector on a bordered image (most selfies,
 * ~60 ms), SSD with a wide border (tight crops), SSD on the image as is (a small face in a large photo).
 */
const SELFIE_PASSES = [
  { detector: 'tiny', pad: 0.25, tinySize: 224 },
  { detector: 'ssd', pad: 0.6 },
  { detector: 'ssd', pad: 0 },
] as const;

/**
 * The descriptor of a selfie's largest clear face (decoded upright with EXIF, shrunk, tight crops bordered so the
 * detector finds them), or 'no-face'. Bad bytes throw FaceImageError.
 */
export async function selfieDescriptor(bytes: Uint8Array, minScore = 0.5): Promise<SelfieOutcome> {
  const image = await decodeRgb(bytes, { maxSide: SELFIE_MAX_SIDE });
  const faceapi = await loadFaceModels();
  for (const pass of SELFIE_PASSES) {
    const boxes = await locate(faceapi, image, wholeOf(image), minScore, pass);
    const largest = boxes.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!largest) continue;
    const [face] = await describeBoxes(faceapi, image, [largest]);
    if (face) return { kind: 'face', face };
  }
  return { kind: 'no-face' };
}
