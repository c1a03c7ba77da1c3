// One detector pass over a region of an image: the region is shrunk (and bordered) with sharp to the detector's
// input, the detector runs, and the boxes come back in the image's coordinates. Also the small pixel helpers
// (crop, tensor) the descriptor step shares.
import sharp from 'sharp';
import type { FaceBox, ScoredBox, Tile } from './boxes';
import type { RgbImage } from './image';
import type { FaceApi } from './models';

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
async function detectorView(image: RgbImage, region: Tile, pad: number, side: number): Promise<View> {
  const longer = Math.max(region.width, region.height);
  const scale = Math.min(1, side / (longer * (1 + 2 * pad)));
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
  const { view, scale, offset } = await detectorView(image, region, pass.pad ?? 0, side);
  const input = toTensor(faceapi, view);
  try {
    const found = tiny
      ? await faceapi.nets.tinyFaceDetector.locateFaces(
          input,
          new faceapi.TinyFaceDetectorOptions({ inputSize: side, scoreThreshold: minScore }),
        )
      : await faceapi.nets.ssdMobilenetv1.locateFaces(
          input,
          new faceapi.SsdMobilenetv1Options({ minConfidence: minScore, maxResults: 200 }),
        );
    return found.map((d) => ({
      x: region.x + (d.box.x - offset) / scale,
      y: region.y + (d.box.y - offset) / scale,
      width: d.box.width / scale,
      height: d.box.height / scale,
      score: d.score,
    }));
  } finally {
    input.dispose();
  }
}

/** The whole image as a region. */
export const wholeOf = (image: RgbImage): Tile => ({ x: 0, y: 0, width: image.width, height: image.height });
