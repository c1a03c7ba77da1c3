// Demo event photos made from the six sample photos of people that ship with @vladmandic/face-api: each sample
// and variations of it (crops at different places and scales, a mirror image, lighting changes, a slight tilt),
// so one person appears in several photos and a face search has several photos to find.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';

const SAMPLE_COUNT = 6;
/** Demo photos are at most this long (the samples are 1920 px): smaller keeps seeding fast. */
const DEMO_LONG_SIDE = 1600;

/** Where the sample photos are: the face-api package's demo folder. */
export function sampleFiles(): string[] {
  const entry = createRequire(import.meta.url).resolve('@vladmandic/face-api');
  const demo = path.join(path.dirname(entry), '..', 'demo');
  return Array.from({ length: SAMPLE_COUNT }, (_, i) => path.join(demo, `sample${i + 1}.jpg`));
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

/** A part of the photo, in shares of its width and height. */
interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Variation {
  name: string;
  make(raw: Raw): Sharp | Promise<Sharp>;
}

const fromRaw = (raw: Raw) => sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });

const crop = (raw: Raw, r: Region) =>
  fromRaw(raw).extract({
    left: Math.round(raw.width * r.x),
    top: Math.round(raw.height * r.y),
    width: Math.round(raw.width * r.w),
    height: Math.round(raw.height * r.h),
  });

/** The faces in the samples sit in the upper two thirds, so crops keep that band. */
export const variations: Variation[] = [
  { name: 'left', make: (raw) => crop(raw, { x: 0, y: 0, w: 0.6, h: 0.78 }) },
  { name: 'mirror', make: (raw) => fromRaw(raw).flop() },
  {
    name: 'close',
    make: (raw) =>
      crop(raw, { x: 0.22, y: 0.02, w: 0.56, h: 0.62 }).resize({ width: Math.round(raw.width * 0.7) }),
  },
  { name: 'bright', make: (raw) => fromRaw(raw).modulate({ brightness: 1.18 }).linear(1.15, -12) },
  { name: 'right', make: (raw) => crop(raw, { x: 0.4, y: 0, w: 0.6, h: 0.78 }) },
  {
    name: 'tilt',
    async make(raw) {
      // Rotated by a few degrees, then cropped to the middle so no blank corner shows.
      const sin = Math.sin((4 * Math.PI) / 180);
      const turned = await fromRaw(raw).rotate(4).raw().toBuffer({ resolveWithObject: true });
      const { width: outW, height: outH } = turned.info;
      const width = Math.round(raw.width - 2.2 * raw.height * sin);
      const height = Math.round(raw.height - 2.2 * raw.width * sin);
      return sharp(turned.data, { raw: { width: outW, height: outH, channels: 3 } }).extract({
        left: Math.round((outW - width) / 2),
        top: Math.round((outH - height) / 2),
        width,
        height,
      });
    },
  },
  {
    name: 'dusk',
    make: (raw) => fromRaw(raw).modulate({ brightness: 0.82, saturation: 0.9 }).linear(1.2, -8),
  },
  {
    // The next frame of a burst, the runners turned away and moving: so blurred that no face is found in it, only
    // nearby frames offer it.
    name: 'turned',
    make: (raw) => fromRaw(raw).blur(30),
  },
];

/** A burst's next frame follows its first by this long (the same photographer). */
export const BURST_FRAME_MS = 1500;

const jpeg = async (image: Sharp | Promise<Sharp>) => (await image).jpeg({ quality: 86 }).toBuffer();

/** One sample, decoded once at the demo size. */
async function decodeSample(file: string): Promise<Raw> {
  const { data, info } = await sharp(file)
    .rotate()
    .resize({ width: DEMO_LONG_SIDE, height: DEMO_LONG_SIDE, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export interface DemoSample {
  /** 0-based sample number: the same people. */
  sample: number;
  /** 'original' or a variation's name. */
  variation: string;
  bytes: Buffer;
}

/**
 * The demo photos of each sample: the sample itself and the named variations (JPEG, no metadata). Each image is
 * made once however many events use it.
 */
export class DemoPhotoSet {
  private readonly decoded = new Map<number, Promise<Raw>>();
  private readonly made = new Map<string, Promise<Buffer>>();

  constructor(private readonly files: string[] = sampleFiles()) {}

  get sampleCount(): number {
    return this.files.length;
  }

  private raw(sample: number): Promise<Raw> {
    let raw = this.decoded.get(sample);
    if (!raw) {
      raw = decodeSample(this.files[sample] as string);
      this.decoded.set(sample, raw);
    }
    return raw;
  }

  photo(sample: number, variation: string): Promise<Buffer> {
    const id = `${sample}/${variation}`;
    let bytes = this.made.get(id);
    if (!bytes) {
      const make = variation === 'original' ? undefined : variations.find((v) => v.name === variation)?.make;
      if (variation !== 'original' && !make) throw new Error(`unknown demo variation ${variation}`);
      bytes = this.raw(sample).then((raw) => jpeg(make ? make(raw) : fromRaw(raw)));
      this.made.set(id, bytes);
    }
    return bytes;
  }
}

/**
 * The demo photos of one event, in the order they were "taken": round by round (originals first, then each
 * variation), every sample in each round, so the same people turn up all morning and at every stage.
 */
export function demoPhotoPlan(sampleCount: number, variationNames: string[]) {
  const rounds = ['original', ...variationNames];
  return rounds.flatMap((variation) =>
    Array.from({ length: sampleCount }, (_, sample) => ({ sample, variation })),
  );
}
