// A runner's bib is printed on the chest right below the face we already find (issue 36): the torso below each
// face is read (ocr.ts), and the reads that look like the event's bib numbers are kept. Measured on the RBNR
// photos (../shared/bib-bench/truth-boxes.json): bibs lie 2.5 to 5.8 face heights below the face's top and
// -1.6 to +1.35 face widths across from its centre; the torso region below covers that with a margin.
import { type Box, cropRgb, type RgbPixels, readText } from './ocr';

/** What counts as a bib: its digits (an event setting; 3 to 5 by default), optionally a range. */
export interface BibRule {
  minDigits: number;
  maxDigits: number;
  /** Inclusive bounds of the event's bib numbers, when it has them. */
  range?: { from: number; to: number };
}

export const DEFAULT_BIB_RULE: BibRule = { minDigits: 3, maxDigits: 5 };

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

/** The number a read is, when it is one of the event's bibs: digits only (spaces and separators dropped). */
export function bibOf(text: string, rule: BibRule): string | undefined {
  const digits = text.replace(/[\s.\-_,:]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  if (digits.length < rule.minDigits || digits.length > rule.maxDigits) return undefined;
  if (rule.range) {
    const n = Number(digits);
    if (n < rule.range.from || n > rule.range.to) return undefined;
  }
  return digits;
}

/**
 * The bibs read under these faces: confident reads of the event's bib numbers, one per face and number (the most
 * confident), a read contained in a longer one of the same face dropped (258 inside 2583).
 */
export async function readBibs(
  image: RgbPixels,
  faces: readonly Box[],
  rule: BibRule = DEFAULT_BIB_RULE,
): Promise<BibRead[]> {
  const found: BibRead[] = [];
  for (const [face, box] of faces.entries()) {
    const torso = torsoOf(box, image);
    if (torso.width < 8 || torso.height < 8) continue;
    const reads = await readText(cropRgb(image, torso));
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
    found.push(
      ...mine.filter(
        (m) => !mine.some((o) => o !== m && o.bib.length > m.bib.length && o.bib.includes(m.bib)),
      ),
    );
  }
  return found;
}
