// What one selfie costs a core, step by step: the demo selfie (tests/demo-selfie.ts, a loose phone selfie, its
// face 40% of the frame) through the selfie path of server/faces/detect.ts on this thread, warmed up, after 3
// untimed runs; each figure is the mean of --runs (default 20). The rush's floor follows from it: N selfies on C
// cores take at least N × whole_ms / C of CPU.
//   node --import tsx bench/selfie-cost.ts [--runs 20]
import { parseArgs } from 'node:util';
import { selfieDescriptor, warmUp } from '../server/faces/detect';
import { decodeRgb, SELFIE_MOST_DECODED_BYTES } from '../server/faces/image';
import { locate, wholeOf } from '../server/faces/locate';
import { loadFaceModels } from '../server/faces/models';
import { demoSelfieJpeg } from '../tests/demo-selfie';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Math.max(1, Number(values.runs));
const bytes = new Uint8Array(await demoSelfieJpeg());
await warmUp();
const faceapi = await loadFaceModels();

/** Mean ms of `step` over `runs` runs, after 3 untimed ones. */
async function meanMs(step: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await step();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await step();
  return Math.round(((performance.now() - start) / runs) * 10) / 10;
}

const decode = () => decodeRgb(bytes, { maxSide: 1280, mostDecodedBytes: SELFIE_MOST_DECODED_BYTES });
const image = await decode();
const whole = await meanMs(() => selfieDescriptor(bytes));
console.log(
  JSON.stringify({
    selfie: { width: image.width, height: image.height },
    runs,
    whole_ms: whole,
    decode_ms: await meanMs(decode),
    first_pass_ms: await meanMs(() =>
      locate(faceapi, image, wholeOf(image), 0.5, { detector: 'tiny', pad: 0, tinySize: 224 }),
    ),
    counting_pass_ms: await meanMs(() =>
      locate(faceapi, image, wholeOf(image), 0.5, { detector: 'tiny', tinySize: 256 }),
    ),
    floor_200_on_2_cores_ms: Math.round((200 * whole) / 2),
  }),
);
