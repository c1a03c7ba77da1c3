// Face detection and description: every face of an event photo (whole-image passes, plus for large photos the tiny
// detector at full size over a few even tiles, for faces from about 36 px; duplicates merged), and the face of a
// selfie searched with (its largest), with where its other faces of a comparable size are. Each descriptor is
// computed on dlib's aligned chip cut from the full-resolution image (landmarks, then the chip), so small faces in
// big photos keep their detail and a face gets the same descriptor in a selfie and in a photo. (At 0.8 of full size
// the tiny pass found 18 of crowd-40's 40 faces instead of 38: it runs at full size.)
import type { SelfieProblem } from '../../core/contract/facesearch';
import {
  containment,
  evenTilesFor,
  type FaceBox,
  mergeBoxes,
  type ScoredBox,
  tilesFor,
  touchesInnerEdge,
} from './boxes';
import { chipTransform, extractChip, type Point } from './chip';
import { decodeRgb, FaceImageError, greyJpeg, type RgbImage, SELFIE_MOST_DECODED_BYTES } from './image';
import { landmarksOfCrops } from './landmarks';
import { clip, cropPadded, DETECTOR_SIDE, locate, wholeOf } from './locate';
import { type FaceApi, loadFaceModels } from './models';
import { describeChips } from './recognise';
import { measureSelfieFace, type SelfieMeasures, selfieProblemsOf } from './selfie-quality';
import { yieldToSearches } from './yield-to-searches';

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
  /**
   * Large photos are seen at the scale of a tile of this many pixels shrunk to the SSD's 512 px input (1024: half
   * size; 900 finds more ~48-64 px faces for ~30% more time). Overlap: between the bigTile regions.
   */
  tileSize?: number;
  tileOverlap?: number;
  /** Largest region (image pixels) one SSD pass sees, shrunk by DETECTOR_SIDE / tileSize: bounds its memory. */
  bigTile?: number;
  /** Photos whose longer side is above this are tiled as well as seen whole. */
  tileAbove?: number;
  /** Border of the second whole-image pass (share of the longer side): finds faces that fill the frame. */
  framePad?: number;
  /** Faces narrower than this (pixels) are dropped: too small to describe reliably. */
  minFaceWidth?: number;
  /**
   * The pass for the faces too small for the whole-image pass in a large photo: 'tiny', the tiny detector at full
   * size over smallTile regions (faces from about 36 px), or 'ssd', the SSD at 512 / tileSize over bigTile regions.
   */
  smallFaces?: 'tiny' | 'ssd';
  /**
   * The tiny small-face pass: its regions' side and overlap, and the lowest score it keeps for a box narrower than
   * smallFaceWidth (a wider one needs minScore: the tiny detector's rare false finds are large, low-scored boxes).
   * The overlap holds whole every face up to 192 px: wider ones are the whole-image pass's (at 4096 px it finds
   * faces from about 90 px). 192 rather than 256 is 5% fewer pixels, and the same faces on the face bench.
   */
  smallTile?: number;
  smallTileOverlap?: number;
  smallMinScore?: number;
  smallFaceWidth?: number;
}

export const DETECT_DEFAULTS: Required<DetectOptions> = {
  minScore: 0.5,
  tileMinScore: 0.1,
  tileSize: 1024,
  tileOverlap: 192,
  bigTile: 4096,
  tileAbove: 1600,
  framePad: 0.8,
  minFaceWidth: 20,
  smallFaces: 'tiny',
  smallTile: 1664,
  smallTileOverlap: 192,
  smallMinScore: 0.25,
  smallFaceWidth: 100,
};

/** A square of `scale` times the box's longer side, on the box's centre. */
function square(box: FaceBox, scale = 1): FaceBox {
  const side = Math.max(box.width, box.height) * scale;
  return {
    x: box.x + box.width / 2 - side / 2,
    y: box.y + box.height / 2 - side / 2,
    width: side,
    height: side,
  };
}

/** A described face with what describing it made: its aligned chip and landmarks (a selfie's quality needs them). */
interface DescribedFace extends DetectedFace {
  chip: RgbImage;
  landmarks: Point[];
}

/** A face to describe: its box in its image. Faces of several images can be described in one batch. */
interface FaceToDescribe {
  image: RgbImage;
  box: ScoredBox;
}

/** The 68 landmarks of each face (image pixels), from crops of its image that keep the box's geometry. */
async function landmarksIn(
  faceapi: FaceApi,
  faces: readonly { image: RgbImage; box: FaceBox }[],
): Promise<Point[][]> {
  const marks = await landmarksOfCrops(
    faceapi,
    faces.map((f) => cropPadded(f.image, f.box)),
  );
  return faces.map(({ box: b }, i) => {
    const x0 = Math.round(b.x);
    const y0 = Math.round(b.y);
    const w = Math.max(1, Math.round(b.width));
    const h = Math.max(1, Math.round(b.height));
    const relative = marks[i] ?? new Float32Array(0);
    const points: Point[] = [];
    for (let k = 0; k + 1 < relative.length; k += 2)
      points.push({ x: x0 + (relative[k] as number) * w, y: y0 + (relative[k + 1] as number) * h });
    return points;
  });
}

const BATCH = 8;

/**
 * Each face's descriptor, the same way for photos and selfies: landmarks on a square crop around the detector's
 * box, then the descriptor of dlib's aligned 150×150 chip (chip.ts). Crops leaving the image are black there, never
 * clipped. (A second landmark pass on a crop around the first landmarks cost a quarter of the time and separated
 * people less well on the face set: same-person max 0.637 vs 0.589, different-person min 0.619 vs 0.614.)
 */
export async function describeBoxes(
  faceapi: FaceApi,
  image: RgbImage,
  boxes: readonly ScoredBox[],
): Promise<DetectedFace[]> {
  const described = await describeFaces(
    faceapi,
    boxes.map((box) => ({ image, box })),
  );
  return described.flatMap((face) =>
    face ? [{ box: face.box, score: face.score, descriptor: face.descriptor }] : [],
  );
}

/**
 * describeBoxes for faces of any images, each answered in its place (undefined when the net gave no descriptor):
 * the nets run on batches of up to 8 faces, which costs about a fifth less per face than one at a time.
 */
async function describeFaces(
  faceapi: FaceApi,
  faces: readonly FaceToDescribe[],
): Promise<(DescribedFace | undefined)[]> {
  const out: (DescribedFace | undefined)[] = [];
  for (let start = 0; start < faces.length; start += BATCH) {
    await yieldToSearches();
    const batch = faces.slice(start, start + BATCH);
    const marks = await landmarksIn(
      faceapi,
      batch.map((f) => ({ image: f.image, box: square(f.box) })),
    );
    const chips = marks.map((points, i) =>
      extractChip((batch[i] as FaceToDescribe).image, chipTransform(points)),
    );
    const list = await describeChips(faceapi, chips);
    batch.forEach(({ image, box: b }, i) => {
      const descriptor = list[i];
      out.push(
        descriptor
          ? {
              box: clip(b, image.width, image.height),
              score: b.score,
              descriptor,
              chip: chips[i] as RgbImage,
              landmarks: marks[i] as Point[],
            }
          : undefined,
      );
    });
  }
  return out;
}

/**
 * Face boxes of the image: a whole-image pass; for a small image a bordered whole-image pass too (faces filling
 * the frame); for a large one (small faces) the tiny detector at full size over even tiles of at most smallTile
 * (4000×3000: 3 × 2 tiles of 1461×1596). It finds 39 of crowd-40's 40 faces 40 px wide, where the SSD over the photo
 * at half size (smallFaces 'ssd', what this pass replaced) found 1. It is about half of a crowd photo's indexing:
 * 2.1 s of CPU a photo (the tiles read straight from the photo), against 1.1 s to describe its 40 faces. Every
 * detector step may pause for searches (yield-to-searches.ts). Duplicates merged.
 */
export async function findFaceBoxes(
  faceapi: FaceApi,
  image: RgbImage,
  options: DetectOptions = {},
): Promise<ScoredBox[]> {
  const o = { ...DETECT_DEFAULTS, ...options };
  const { width, height } = image;
  const boxes = await locate(faceapi, image, wholeOf(image), o.minScore);
  const tiled = Math.max(width, height) > o.tileAbove;
  // A tiled photo's faces are far smaller than the frame: the bordered pass (frame-filling faces) is skipped.
  if (o.framePad > 0 && !tiled)
    boxes.push(...(await locate(faceapi, image, wholeOf(image), o.minScore, { pad: o.framePad })));
  if (tiled && o.smallFaces === 'tiny') {
    for (const tile of evenTilesFor(width, height, o.smallTile, o.smallTileOverlap)) {
      await yieldToSearches();
      const found = await locate(faceapi, image, tile, o.smallMinScore, {
        detector: 'tiny',
        scale: 1,
      });
      for (const b of found)
        if (b.width < o.smallFaceWidth || b.score >= o.minScore)
          boxes.push({ ...b, cut: touchesInnerEdge(b, tile, width, height) });
    }
  } else if (tiled) {
    const scale = DETECTOR_SIDE / o.tileSize;
    for (const tile of tilesFor(width, height, o.bigTile, o.tileOverlap)) {
      await yieldToSearches();
      // Faces big enough for the smaller anchors' heads were already found by the whole-image pass.
      const found = await locate(faceapi, image, tile, o.tileMinScore, { scale, smallFacesOnly: true });
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

/**
 * Where a photo's faces are, without describing them (an event whose face search is off: its faces only place the
 * torsos whose bibs are read, and no biometric descriptor is ever computed). Each face's descriptor is empty.
 */
export async function locateFaces(image: RgbImage, options: DetectOptions = {}): Promise<DetectedFace[]> {
  const faceapi = await loadFaceModels();
  const boxes = await findFaceBoxes(faceapi, image, options);
  return boxes.map((b) => ({
    box: clip(b, image.width, image.height),
    score: b.score,
    descriptor: new Float32Array(0),
  }));
}

/** Photo bytes to every face (decoding errors throw FaceImageError). */
export async function detectFacesInBytes(
  bytes: Uint8Array,
  options: DetectOptions = {},
): Promise<DetectedFace[]> {
  // A photo about to start waits for the searches first: its decoding runs on threads that are not background ones.
  await yieldToSearches();
  return detectFaces(await decodeRgb(bytes), options);
}

/** The selfie's largest face, with how many faces its photo has and where they are (the runner may pick another). */
export type SelfieOutcome =
  | {
      kind: 'face';
      face: DetectedFace;
      /** The faces of the selfie of a size comparable to the largest (selfieFacesIn), the searched one among them. */
      faces: number;
      /**
       * Where those faces are when there are several: fractions (0..1) of the upright selfie's width and height, the
       * searched one first.
       */
      boxes?: FaceBox[];
      /** What makes the face a poor one to search with (selfie-quality.ts), and its measures. */
      quality: { problems: SelfieProblem[]; measures: SelfieMeasures };
    }
  | { kind: 'no-face' };

/** Selfies are shrunk to this longer side before detection (a phone photo's face stays large). */
export const SELFIE_MAX_SIDE = 1280;

/**
 * Selfie passes, cheapest first, until one finds a face. The tiny detector (about 20 ms a pass) first: the image as
 * is (a phone selfie, the face a third of the frame; 31 of the face set's 40 tight crops), with a border (37 of 40),
 * with a wide border (the tightest crops: 40 of 40). SSD (about 280 ms a pass) only when none finds it: with a wide
 * border, then as is (a small face in a large photo). A loose selfie used to reach SSD: a search's embedding took
 * about 330 ms, now about 90 ms, with the face set's recall and precision unchanged (1.0 / 1.0, bench:face).
 */
const SELFIE_PASSES = [
  { detector: 'tiny', pad: 0, tinySize: 224 },
  { detector: 'tiny', pad: 0.25, tinySize: 224 },
  { detector: 'tiny', pad: 0.5, tinySize: 224 },
  { detector: 'ssd', pad: 0.8 },
  { detector: 'ssd', pad: 0 },
] as const;

/**
 * A face counts as one of the selfie's faces when it is at least this share of the largest one's height: a friend
 * beside the runner, not the bystanders far behind (a phone selfie at a race is full of small background faces,
 * and nobody searches with one of them).
 */
const COMPARABLE_FACE = 0.5;

/**
 * The smallest face (input pixels) the tiny detector finds reliably: its smallest anchor is 1.6 cells of 32 px (51
 * px). On face-api's sample1 (three faces about 160 px high in 1280) the first pass, at 224, sees them 30 px high and
 * finds one loose box around one of them; at 416 all three.
 */
const TINY_SMALLEST_FACE = 50;

/** The counting pass's largest input: about 35 ms, where SSD would take about 260 ms (1280 px selfie, 2 cores). */
const COUNTING_MOST_SIDE = 416;

/**
 * The tiny detector's input side at which a face half as high as `largest` is TINY_SMALLEST_FACE high (a multiple
 * of 32, at most COUNTING_MOST_SIDE), or undefined when the first pass's 224 already sees such faces (a largest face
 * of at least 45% of the longer side: tight selfies, none of the face set's 40 crops, whose embedding costs the same).
 * A phone selfie whose face is a quarter to 45% of the frame pays 10-35 ms more (crops of face-api's samples around
 * one face: 41-57 ms before, 41-94 after). Only after a tiny pass: the SSD passes come when none found a face, and
 * what they find is counted as it is.
 */
function countingPassSide(image: RgbImage, pass: (typeof SELFIE_PASSES)[number], largest: FaceBox) {
  if (pass.detector !== 'tiny') return undefined;
  const longer = Math.max(image.width, image.height);
  const needed = (TINY_SMALLEST_FACE * longer) / (COMPARABLE_FACE * largest.height);
  if (needed <= SELFIE_PASSES[0].tinySize) return undefined;
  return Math.min(COUNTING_MOST_SIDE, Math.ceil(needed / 32) * 32);
}

/**
 * Drops a box more than half covered by better-scored ones: the tiny detector's rare box between two faces close
 * together (sample6 at 416: a fifth box over the edges of two neighbours).
 */
function withoutBoxesBetween(boxes: readonly ScoredBox[]): ScoredBox[] {
  return boxes.filter((box) => {
    const better = boxes.filter((other) => other !== box && other.score > box.score);
    return better.reduce((sum, other) => sum + shareInside(box, other), 0) <= 0.5;
  });
}

const areaOf = (box: FaceBox) => box.width * box.height;

/** The share of `box`'s area that lies inside `other`. */
const shareInside = (box: FaceBox, other: FaceBox) =>
  containment(box, other) * Math.min(1, areaOf(other) / areaOf(box));

/**
 * The selfie's faces of a size comparable to its largest, largest first, from the first pass's boxes and, when
 * faces half the largest's size could be too small for that pass, a counting pass (the tiny detector at
 * countingPassSide). The counting pass sees the faces larger, so its boxes are the finer: a first-pass box that
 * overlaps one of them (half of the smaller inside the other) gives way to it, whether it was a loose box around the
 * same face (sample1: its descriptor 0.18 from the runner's own selfie, the counting pass's 0.11) or one spanning
 * several faces. A first-pass box the counting pass missed is kept.
 */
async function selfieFacesIn(
  faceapi: FaceApi,
  image: RgbImage,
  minScore: number,
  pass: (typeof SELFIE_PASSES)[number],
  found: ScoredBox[],
): Promise<ScoredBox[]> {
  const largestOf = (boxes: readonly ScoredBox[]) =>
    [...boxes].sort((a, b) => areaOf(b) - areaOf(a)) as [ScoredBox, ...ScoredBox[]];
  let faces = largestOf(found);
  const side = countingPassSide(image, pass, faces[0]);
  if (side !== undefined) {
    const counted = withoutBoxesBetween(
      await locate(faceapi, image, wholeOf(image), minScore, { detector: 'tiny', tinySize: side }),
    );
    const missed = found.filter((box) => counted.every((c) => containment(box, c) < 0.5));
    faces = largestOf([...counted, ...missed]);
  }
  const tallest = Math.max(...faces.map((f) => f.height));
  return faces.filter((f) => f.height >= COMPARABLE_FACE * tallest);
}

/** The selfie's faces from the first pass that finds one (selfieFacesIn), largest first, or none. */
async function selfieFaceBoxes(faceapi: FaceApi, image: RgbImage, minScore: number): Promise<ScoredBox[]> {
  for (const pass of SELFIE_PASSES) {
    const found = await locate(faceapi, image, wholeOf(image), minScore, pass);
    if (found.length > 0) return selfieFacesIn(faceapi, image, minScore, pass, found);
  }
  return [];
}

/** A box as fractions (0..1) of the image's width and height. */
function fractionOf(box: FaceBox, image: RgbImage): FaceBox {
  const c = clip(box, image.width, image.height);
  return {
    x: c.x / image.width,
    y: c.y / image.height,
    width: c.width / image.width,
    height: c.height / image.height,
  };
}

/**
 * The descriptor of a selfie's largest clear face (decoded upright with EXIF, shrunk, tight crops bordered so the
 * detector finds them), or 'no-face'. Bad bytes throw FaceImageError.
 */
export async function selfieDescriptor(bytes: Uint8Array, minScore = 0.5): Promise<SelfieOutcome> {
  const [outcome] = await selfieDescriptors([bytes], minScore);
  if (!outcome) return { kind: 'no-face' };
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

/**
 * selfieDescriptor for several selfies at once (the searches waiting together in a rush), each answered in its
 * place: its outcome, or the FaceImageError of its bytes (one bad selfie fails only itself). Each is decoded and
 * its face found alone; the landmarks and descriptors of all are computed in batches (less work per face).
 */
export async function selfieDescriptors(
  selfies: readonly Uint8Array[],
  minScore = 0.5,
): Promise<(SelfieOutcome | FaceImageError)[]> {
  const faceapi = await loadFaceModels();
  const found: (FaceToDescribe | FaceImageError | undefined)[] = [];
  const allFaces = new Map<FaceToDescribe, ScoredBox[]>();
  for (const bytes of selfies) {
    try {
      const image = await decodeRgb(bytes, {
        maxSide: SELFIE_MAX_SIDE,
        mostDecodedBytes: SELFIE_MOST_DECODED_BYTES,
      });
      const boxes = await selfieFaceBoxes(faceapi, image, minScore);
      const face = boxes[0] ? { image, box: boxes[0] } : undefined;
      if (face) allFaces.set(face, boxes);
      found.push(face);
    } catch (error) {
      if (!(error instanceof FaceImageError)) throw error;
      found.push(error);
    }
  }
  const faces = found.filter((f): f is FaceToDescribe => f !== undefined && !(f instanceof FaceImageError));
  const described = await describeFaces(faceapi, faces);
  return found.map((f): SelfieOutcome | FaceImageError => {
    if (f instanceof FaceImageError) return f;
    const face = f ? described[faces.indexOf(f)] : undefined;
    if (!face || !f) return { kind: 'no-face' };
    const measures = measureSelfieFace(face.chip, face.landmarks, face.box.height);
    const boxes = allFaces.get(f) ?? [f.box];
    return {
      kind: 'face',
      face: { box: face.box, score: face.score, descriptor: face.descriptor },
      faces: boxes.length,
      ...(boxes.length > 1 ? { boxes: boxes.map((b) => fractionOf(b, f.image)) } : {}),
      quality: { problems: selfieProblemsOf(measures), measures },
    };
  });
}

/**
 * Runs a selfie's whole way once on a plain grey JPEG (decoding, every selfie pass, since none finds a face, then
 * landmarks and descriptor on one box), so that a worker's first search is as fast as its next: the first run of
 * each step takes several times longer (measured: a fresh worker's first selfie about 780 ms with the models'
 * loading, the next ones 60-100 ms).
 */
export async function warmUp(): Promise<void> {
  const faceapi = await loadFaceModels();
  const side = 320;
  await selfieDescriptor(await greyJpeg(side));
  const image: RgbImage = { data: new Uint8Array(side * side * 3).fill(128), width: side, height: side };
  await describeBoxes(faceapi, image, [{ x: 80, y: 80, width: 160, height: 160, score: 1 }]);
}
