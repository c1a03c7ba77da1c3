// One detector pass over a region of an image: the region is shrunk (and bordered) with sharp to the detector's
// input, the detector runs, and the boxes come back in the image's coordinates. Also the small pixel helpers
// (crop, tensor) the descriptor step shares.
import sharp from 'sharp';
import type { FaceBox, ScoredBox, Tile } from './boxes';
import type { Params, T4 } from './fused-ops';
import type { RgbImage } from './image';
import type { FaceApi, Tf } from './models';
import { tinyBoxes } from './tiny-detector';
import { yieldToSearches } from './yield-to-searches';

export type Tensor3D = ReturnType<FaceApi['tf']['tensor3d']>;

/** The side of the SSD detector's square input: regions are shrunk to it here (sharp) rather than in tfjs. */
export const DETECTOR_SIDE = 512;

export function toTensor(faceapi: FaceApi, image: RgbImage): Tensor3D {
  return faceapi.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
}

/** The box in whole pixels, inside the image and at least 1×1. */
export function clip(box: FaceBox, width: number, height: number): FaceBox {
  const x = Math.min(width - 1, Math.max(0, Math.floor(box.x)));
  const y = Math.min(height - 1, Math.max(0, Math.floor(box.y)));
  const right = Math.min(width, Math.ceil(box.x + box.width));
  const bottom = Math.min(height, Math.ceil(box.y + box.height));
  return { x, y, width: Math.max(1, right - x), height: Math.max(1, bottom - y) };
}

/** The pixels of `box` (clipped to the image), copied out of the interleaved buffer. */
export function cropRgb(image: RgbImage, box: FaceBox): RgbImage {
  const c = clip(box, image.width, image.height);
  const data = new Uint8Array(c.width * c.height * 3);
  const rowBytes = c.width * 3;
  for (let row = 0; row < c.height; row++) {
    const from = ((c.y + row) * image.width + c.x) * 3;
    data.set(image.data.subarray(from, from + rowBytes), row * rowBytes);
  }
  return { data, width: c.width, height: c.height };
}

/** The pixels of `box` (rounded to whole pixels), black where it leaves the image: the face keeps its place. */
export function cropPadded(image: RgbImage, box: FaceBox): RgbImage {
  const x0 = Math.round(box.x);
  const y0 = Math.round(box.y);
  const width = Math.max(1, Math.round(box.width));
  const height = Math.max(1, Math.round(box.height));
  const data = new Uint8Array(width * height * 3);
  const left = Math.max(0, -x0);
  const right = Math.min(width, image.width - x0);
  if (right > left) {
    for (let row = Math.max(0, -y0); row < Math.min(height, image.height - y0); row++) {
      const from = ((y0 + row) * image.width + x0 + left) * 3;
      data.set(image.data.subarray(from, from + (right - left) * 3), (row * width + left) * 3);
    }
  }
  return { data, width, height };
}

interface View {
  view: RgbImage;
  /** view pixel = (image pixel - region origin) * scale + offset */
  scale: number;
  offset: number;
}

/**
 * The region as the detector will see it: shrunk (never enlarged) so that, with a black border of `pad` times its
 * longer side on every side, it fits the detector's input.
 */
async function detectorView(
  image: RgbImage,
  region: Tile,
  pad: number,
  side: number,
  fixedScale?: number,
): Promise<View> {
  const longer = Math.max(region.width, region.height);
  const scale = fixedScale ?? Math.min(1, side / (longer * (1 + 2 * pad)));
  const width = Math.max(1, Math.round(region.width * scale));
  const height = Math.max(1, Math.round(region.height * scale));
  const border = Math.round(Math.max(width, height) * pad);
  if (scale === 1 && border === 0) return { view: cropRgb(image, region), scale: 1, offset: 0 };
  let pipeline = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  }).extract({
    left: region.x,
    top: region.y,
    width: region.width,
    height: region.height,
  });
  if (scale !== 1) pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'linear' });
  if (border > 0) {
    pipeline = sharp(await pipeline.raw().toBuffer(), { raw: { width, height, channels: 3 } }).extend({
      top: border,
      bottom: border,
      left: border,
      right: border,
      background: { r: 0, g: 0, b: 0 },
    });
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return {
    view: {
      data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      width: info.width,
      height: info.height,
    },
    scale: width / region.width,
    offset: border,
  };
}

export interface Pass {
  /** Border around the region, as a share of its longer side (faces filling the frame need it). */
  pad?: number;
  /** 'ssd' (SSD MobileNet v1, 512 input) or 'tiny' (the tiny face detector, much faster, large faces only). */
  detector?: 'ssd' | 'tiny';
  /** Input side for the tiny detector (a multiple of 32). */
  tinySize?: number;
  /**
   * Shrink the region by this factor (1: as it is) and run the detector on it at that size (any size: both fused
   * detectors are convolutional), instead of fitting the region into the detector's input.
   */
  scale?: number;
  /**
   * SSD with `scale` only: run the backbone up to conv 11 and the first head alone (the smallest anchors, ~50
   * detector pixels). For a pass meant for the faces too small for a whole-image pass: a sixth less work.
   */
  smallFacesOnly?: boolean;
}

/** Detector boxes in `region` with a score of at least `minScore`, in the image's coordinates. */
export async function locate(
  faceapi: FaceApi,
  image: RgbImage,
  region: Tile,
  minScore: number,
  pass: Pass = {},
): Promise<ScoredBox[]> {
  const tiny = pass.detector === 'tiny';
  const side = tiny ? (pass.tinySize ?? 224) : DETECTOR_SIDE;
  if (tiny && pass.scale === 1 && !pass.pad) {
    // At full size the tiny detector reads the region straight from the image: no copy of it first.
    const within = clip(region, image.width, image.height);
    const found = await tinyBoxes(faceapi, image, minScore, 0, within);
    return found.map((d) => ({ ...d, x: within.x + d.x, y: within.y + d.y }));
  }
  const { view, scale, offset } = await detectorView(image, region, pass.pad ?? 0, side, pass.scale);
  let found: ScoredBox[];
  if (tiny) {
    found = await tinyBoxes(faceapi, view, minScore, pass.scale === undefined ? side : 0);
  } else {
    found = await ssdBoxes(
      faceapi,
      view,
      minScore,
      200,
      pass.scale === undefined ? side : 0,
      pass.scale !== undefined && pass.smallFacesOnly === true,
    );
  }
  return found.map((d) => ({
    x: region.x + (d.x - offset) / scale,
    y: region.y + (d.y - offset) / scale,
    width: d.width / scale,
    height: d.height / scale,
    score: d.score,
  }));
}

/** The whole image as a region. */
export const wholeOf = (image: RgbImage): Tile => ({ x: 0, y: 0, width: image.width, height: image.height });

// ---- SSD MobileNet v1, fused: batch-norm folded into the conv weights at first use, conv + bias + relu6 in one
// wasm kernel, any input size (the net is convolutional; anchors are laid out for the input's grid in pixels, the
// same sizes as face-api's 512 px anchors), boxes decoded and suppressed in plain JS for the few scores above the
// threshold (face-api's own NMS re-downloads every box per comparison).

interface FusedConv {
  filter: T4;
  bias: T4;
  depthwise: boolean;
  stride: 1 | 2;
  relu6: boolean;
}
interface FusedSsd {
  backbone: FusedConv[];
  extra: FusedConv[];
  heads: { box: FusedConv; cls: FusedConv; anchors: { h: number; w: number }[]; stride: number }[];
}

const BN_EPSILON = 0.0010000000474974513;
const HEAD_STRIDES = [16, 32, 64, 128, 256, 512];
const HEAD_GRIDS = [32, 16, 8, 4, 2, 1];
/** The backbone layer (pointwise conv 11, stride 16) the first, smallest-anchor head reads. */
const CONV11_LAYER = 22;
let fused: FusedSsd | undefined;

function fuseSsd(faceapi: FaceApi): FusedSsd {
  if (fused) return fused;
  const tf = faceapi.tf as unknown as Tf;
  const p: Params = (faceapi.nets.ssdMobilenetv1 as unknown as { params: Params }).params;
  const pointwise = (q: Params, stride: 1 | 2, relu6 = true): FusedConv => ({
    filter: tf.keep(q.filters.clone()),
    bias: tf.keep((q.batch_norm_offset ?? q.bias).clone()),
    depthwise: false,
    stride,
    relu6,
  });
  const depthwise = (q: Params, stride: 1 | 2): FusedConv => {
    const [filter, bias] = tf.tidy(() => {
      const factor = tf.div(q.batch_norm_scale, tf.sqrt(tf.add(q.batch_norm_variance, BN_EPSILON)));
      return [
        tf.mul(q.filters, tf.reshape(factor, [1, 1, -1, 1])),
        tf.sub(q.batch_norm_offset, tf.mul(q.batch_norm_mean, factor)),
      ];
    }) as [T4, T4];
    return { filter, bias, depthwise: true, stride, relu6: true };
  };
  const m = p.mobilenetv1;
  const backbone: FusedConv[] = [pointwise(m.conv_0, 2)];
  for (let i = 1; i <= 13; i++) {
    backbone.push(depthwise(m[`conv_${i}`].depthwise_conv, [2, 4, 6, 12].includes(i) ? 2 : 1));
    backbone.push(pointwise(m[`conv_${i}`].pointwise_conv, 1));
  }
  const pl = p.prediction_layer;
  const extra = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => pointwise(pl[`conv_${i}`], i % 2 === 1 ? 2 : 1));
  const all = (p.output_layer.extra_dim.arraySync() as number[][][])[0] as number[][];
  let offset = 0;
  const heads = HEAD_STRIDES.map((stride, i) => {
    const q = pl[`box_predictor_${i}`];
    const k = i === 0 ? 3 : 6;
    const anchors = all.slice(offset, offset + k).map((b) => ({
      h: ((b[2] as number) - (b[0] as number)) * 512,
      w: ((b[3] as number) - (b[1] as number)) * 512,
    }));
    offset += (HEAD_GRIDS[i] as number) ** 2 * k;
    return {
      box: pointwise(q.box_encoding_predictor, 1, false),
      cls: pointwise(q.class_predictor, 1, false),
      anchors,
      stride,
    };
  });
  fused = { backbone, extra, heads };
  return fused;
}

function run(tf: Tf, x: T4, c: FusedConv): T4 {
  const args = {
    x: x as Parameters<Tf['fused']['conv2d']>[0]['x'],
    filter: c.filter as Parameters<Tf['fused']['conv2d']>[0]['filter'],
    strides: c.stride,
    pad: 'same' as const,
    bias: c.bias,
    activation: c.relu6 ? ('relu6' as const) : ('linear' as const),
  };
  return (c.depthwise ? tf.fused.depthwiseConv2d(args) : tf.fused.conv2d(args)) as T4;
}

interface RawBox {
  y0: number;
  x0: number;
  y1: number;
  x1: number;
  score: number;
}

function boxIou(a: RawBox, b: RawBox): number {
  const areaA = (a.y1 - a.y0) * (a.x1 - a.x0);
  const areaB = (b.y1 - b.y0) * (b.x1 - b.x0);
  if (areaA <= 0 || areaB <= 0) return 0;
  const h = Math.max(Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0), 0);
  const w = Math.max(Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), 0);
  return (h * w) / (areaA + areaB - h * w);
}

/**
 * SSD boxes (pixels of `view`, clipped to it) with a score above `minScore`. With `fitSide`, face-api's own input:
 * the view padded with black to a square on the bottom and right, resized (bilinear) to fitSide × fitSide. Without,
 * the view as it is, padded with black to a multiple of 32 on the bottom and right.
 */
export async function ssdBoxes(
  faceapi: FaceApi,
  view: RgbImage,
  minScore: number,
  maxResults = 200,
  fitSide = 0,
  smallOnly = false,
): Promise<ScoredBox[]> {
  const net = fuseSsd(faceapi);
  const tf = faceapi.tf as unknown as Tf;
  const square = Math.max(view.width, view.height);
  const height = fitSide ? square : Math.ceil(view.height / 32) * 32;
  const width = fitSide ? square : Math.ceil(view.width / 32) * 32;
  const unit = fitSide ? square / fitSide : 1;
  let x = tf.tidy(() => {
    let pixels = tf.tensor3d(view.data, [view.height, view.width, 3], 'int32') as unknown as T4;
    if (height !== view.height || width !== view.width)
      pixels = tf.pad(pixels, [
        [0, height - view.height],
        [0, width - view.width],
        [0, 0],
      ]) as T4;
    let input = tf.expandDims(tf.cast(pixels, 'float32'), 0) as T4;
    if (fitSide && square !== fitSide)
      input = tf.image.resizeBilinear(input as Parameters<Tf['image']['resizeBilinear']>[0], [
        fitSide,
        fitSide,
      ]) as T4;
    return tf.sub(tf.div(input, 127.5), 1) as T4;
  });
  let conv11: T4 | undefined;
  const release = () => {
    if (conv11 && conv11 !== x) conv11.dispose();
    x.dispose();
  };
  let outputs: (readonly [T4, T4])[];
  try {
    // Each layer's input is freed as soon as its output exists: a large view needs two layers' memory, not all. A
    // photo's indexing can pause between layers for the searches.
    const layers = smallOnly ? net.backbone.slice(0, CONV11_LAYER + 1) : net.backbone;
    for (const [i, c] of layers.entries()) {
      await yieldToSearches();
      const next = run(tf, x, c);
      if (x !== conv11) x.dispose();
      x = next;
      if (i === CONV11_LAYER) conv11 = x;
    }
    outputs = tf.tidy(() => {
      const features: T4[] = [conv11 as T4];
      if (!smallOnly) {
        features.push(x);
        let y = x;
        net.extra.forEach((c, i) => {
          y = run(tf, y, c);
          if (i % 2 === 1) features.push(y);
        });
      }
      return features.map((f, i) => {
        const h = net.heads[i] as FusedSsd['heads'][number];
        return [run(tf, f, h.box), run(tf, f, h.cls)] as const;
      });
    });
  } finally {
    release();
  }
  const logit = Math.log(minScore / (1 - minScore));
  const candidates: RawBox[] = [];
  try {
    for (const [i, [boxT, clsT]] of outputs.entries()) {
      const head = net.heads[i];
      if (!head) continue;
      const [, gh = 0, gw = 0] = clsT.shape;
      const cls = (await clsT.data()) as Float32Array;
      const k = head.anchors.length;
      let enc: Float32Array | undefined;
      for (let cell = 0; cell < gh * gw; cell++) {
        for (let a = 0; a < k; a++) {
          const s = cls[(cell * k + a) * 3 + 1] as number;
          if (!(s > logit)) continue;
          enc ??= (await boxT.data()) as Float32Array;
          const anchor = head.anchors[a] as { h: number; w: number };
          const e = (cell * k + a) * 4;
          const cy = (Math.floor(cell / gw) + 0.5) * head.stride + ((enc[e] as number) / 10) * anchor.h;
          const cx = ((cell % gw) + 0.5) * head.stride + ((enc[e + 1] as number) / 10) * anchor.w;
          const hh = (Math.exp((enc[e + 2] as number) / 5) * anchor.h) / 2;
          const hw = (Math.exp((enc[e + 3] as number) / 5) * anchor.w) / 2;
          candidates.push({
            y0: cy - hh,
            x0: cx - hw,
            y1: cy + hh,
            x1: cx + hw,
            score: 1 / (1 + Math.exp(-s)),
          });
        }
      }
    }
  } finally {
    for (const pair of outputs) for (const t of pair) t.dispose();
  }
  candidates.sort((a, b) => b.score - a.score);
  const selected: RawBox[] = [];
  for (const c of candidates) {
    if (selected.length >= maxResults) break;
    if (selected.some((s) => boxIou(c, s) > 0.5)) continue;
    selected.push(c);
  }
  return selected.map((b) => {
    const x0 = Math.max(0, b.x0 * unit);
    const y0 = Math.max(0, b.y0 * unit);
    const x1 = Math.min(width, b.x1 * unit);
    const y1 = Math.min(height, b.y1 * unit);
    return { x: x0, y: y0, width: x1 - x0, height: y1 - y0, score: b.score };
  });
}
