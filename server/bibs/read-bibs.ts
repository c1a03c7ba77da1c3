// A runner's bib is printed on the chest right below the face we already find: the torso below each
// face is read (ocr.ts), and the reads that look like the event's bib numbers are kept. Measured on the RBNR
// photos (../shared/bib-bench/truth-boxes.json): bibs lie 2.5 to 5.8 face heights below the face's top and
// -1.6 to +1.35 face widths across from its centre; the torso region below covers that with a margin.
import { type BibRule, bibOf, DEFAULT_BIB_RULE } from '../../core/bib-rule';
import { type Box, cropRgb, type RgbPixels, readText } from './ocr';
import { plainRegion } from './plain-region';

export { type BibRule, bibOf, DEFAULT_BIB_RULE };

/**
 * What indexing keeps: any number of 1 to 8 digits. The event's rule (and start list) is applied when reads are
 * searched and listed, so that an operator's change of the rule takes effect at once, without reading again.
 */
export const STORED_BIB_RULE: BibRule = { minDigits: 1, maxDigits: 8 };

/** Reads under this confidence are not kept (the prototype's: 0.47 unmatched reads a photo at 0.9). */
export const MIN_BIB_CONFIDENCE = 0.9;

export interface BibRead {
  bib: string;
  confidence: number;
  /** The read's box in the photo's pixels. */
  box: Box;
  /** The face (its index in the faces given) whose torso it was read under. */
  face: number;
}

/** The torso region below a face, clipped to the image. */
export function torsoOf(face: Box, image: { width: number; height: number }): Box {
  const cx = face.x + face.width / 2;
  const x = Math.max(0, cx - 2 * face.width);
  const y = Math.max(0, face.y + 1.5 * face.height);
  const right = Math.min(image.width, cx + 2 * face.width);
  const bottom = Math.min(image.height, face.y + 6.5 * face.height);
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/** How the torsos are read (the defaults are what bench:bibs measured best; see BIB_READING). */
export interface BibReading {
  /**
   * The face's height detection sees, in pixels: each torso is scaled so that its bib's digits come out about the
   * size the detector knows, whatever the photo's size (a crowd's small faces are enlarged, a 12 MP photo's large
   * ones shrunk). Undefined: every torso seen at DETECT_LONG_SIDE.
   */
  faceHeightSeen?: number | undefined;
  /** Text lines lower than this share of the face's height are not read (sponsors' small print). */
  minLineShare?: number;
  /** Called between reads (the photo workers pause there for the searches). */
  between?: () => Promise<void>;
}

/**
 * Measured on ../shared/bib-bench with the store's own faces (`npm run bench:bibs`, and by hand over the
 * set's own face boxes): a face seen 128
 * pixels high found 0.95 of the bibs (96: 0.85, 112: 0.92, 144: 0.93), about 70 ms of CPU a torso.
 */
export const BIB_READING: Required<Omit<BibReading, 'between'>> & Pick<BibReading, 'between'> = {
  faceHeightSeen: 128,
  minLineShare: 0.12,
};

/** Faces lower than this (pixels) carry no bib anyone could read: their torsos are not read. */
export const MIN_FACE_HEIGHT_FOR_BIB = 16;

/**
 * The bibs read under these faces: confident reads of the rule's numbers, one per face and number (the most
 * confident), a read that is part of a longer one at the same place dropped (258 of 2583; not the year printed
 * elsewhere on the bib), and one bib seen under several faces kept under the one it is straight below.
 * Torsos too small or too plain to hold a bib (plainRegion) are not read.
 */
export async function readBibs(
  image: RgbPixels,
  faces: readonly Box[],
  rule: BibRule = DEFAULT_BIB_RULE,
  reading: BibReading = BIB_READING,
): Promise<BibRead[]> {
  const found: BibRead[] = [];
  for (const [face, box] of faces.entries()) {
    const torso = torsoOf(box, image);
    if (box.height < MIN_FACE_HEIGHT_FOR_BIB || torso.width < 8 || torso.height < 8) continue;
    if (plainRegion(image, torso, box.height)) continue;
    const reads = await readText(cropRgb(image, torso), {
      ...(reading.faceHeightSeen ? { scale: reading.faceHeightSeen / Math.max(1, box.height) } : {}),
      minLineHeight: (reading.minLineShare ?? 0) * box.height,
      ...(reading.between ? { between: reading.between } : {}),
    });
    const mine: BibRead[] = [];
    for (const read of reads) {
      const bib = bibOf(read.text, rule);
      if (!bib || read.confidence < MIN_BIB_CONFIDENCE) continue;
      const at = { ...read.box, x: read.box.x + torso.x, y: read.box.y + torso.y };
      const same = mine.find((m) => m.bib === bib);
      if (same) {
        if (read.confidence > same.confidence) Object.assign(same, { confidence: read.confidence, box: at });
      } else mine.push({ bib, confidence: read.confidence, box: at, face });
    }
    found.push(...mine);
  }
  return nearestFaceOnly(found, faces);
}

/** Share of the smaller box that two boxes have in common. */
const overlapOfSmaller = (a: Box, b: Box): number => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / Math.max(1, Math.min(a.width * a.height, b.width * b.height));
};

/** How far a read lies from where a face's bib would be: across, in face widths (a bib is on its runner's chest). */
const distanceAcross = (read: Box, face: Box): number =>
  Math.abs(read.x + read.width / 2 - (face.x + face.width / 2)) / Math.max(1, face.width);

/**
 * One bib read in the torsos of several side-by-side runners belongs to the one it is straight below: the reads of
 * it under the others (the same number at the same place) are dropped, and so are the parts of it read where a
 * torso's edge cut it.
 */
export function nearestFaceOnly(reads: readonly BibRead[], faces: readonly Box[]): BibRead[] {
  return reads.filter((read) => {
    const face = faces[read.face];
    if (!face) return false;
    return !reads.some((other) => {
      const otherFace = faces[other.face];
      if (other === read || !otherFace || overlapOfSmaller(other.box, read.box) < 0.5) return false;
      // A part of a longer number read at the same place is that number cut by a torso's edge (638 of 3638).
      if (other.bib.length > read.bib.length && other.bib.includes(read.bib)) return true;
      if (other.bib !== read.bib) return false;
      const mine = distanceAcross(read.box, face);
      const theirs = distanceAcross(other.box, otherFace);
      return theirs < mine || (theirs === mine && other.face < read.face);
    });
  });
}
