// The fixed sample images of the mansonry demo page (SPEC §2: a static demo gallery). Files under
// public/mansonry/, made with sharp from the face-api package's sample photos (crops of several shapes).
export interface DemoImage {
  file: string;
  width: number;
  height: number;
}

export const MANSONRY_SAMPLES: readonly DemoImage[] = [
  { file: 'sample-01.jpg', width: 640, height: 427 },
  { file: 'sample-02.jpg', width: 420, height: 600 },
  { file: 'sample-03.jpg', width: 480, height: 480 },
  { file: 'sample-04.jpg', width: 640, height: 483 },
  { file: 'sample-05.jpg', width: 400, height: 620 },
  { file: 'sample-06.jpg', width: 640, height: 300 },
  { file: 'sample-07.jpg', width: 480, height: 480 },
  { file: 'sample-08.jpg', width: 640, height: 455 },
  { file: 'sample-09.jpg', width: 420, height: 640 },
  { file: 'sample-10.jpg', width: 640, height: 320 },
  { file: 'sample-11.jpg', width: 640, height: 466 },
  { file: 'sample-12.jpg', width: 400, height: 560 },
];

export const mansonryImageUrl = (image: DemoImage): string => `/mansonry/${image.file}`;
