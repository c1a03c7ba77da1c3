// The selfie the journeys and the selfie benchmark search with: the right-hand person of the face-api package's
// sample1 (the demo events show sample1 and variations of it) with a wide margin, like a phone selfie.
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/** A demo sample photo of the face-api package (sample1.jpg … sample6.jpg). */
export const faceApiSample = (n: number): string =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api')),
    '..',
    'demo',
    `sample${n}.jpg`,
  );

/** One clear face; each demo event holds at least this many photos of that person once indexed. */
export const DEMO_SELFIE_MATCHES = 3;

export const demoSelfieJpeg = (): Promise<Buffer> =>
  sharp(faceApiSample(1))
    .extract({ left: 1290, top: 90, width: 560, height: 620 })
    .jpeg({ quality: 90 })
    .toBuffer();
