// The demo's finish line: the results of one demo event, made to match its photos, so a new store shows "at your
// finish, maybe you" and finisher cards. One photographer's camera is said to be at the finish, its clock set by hand
// (the demo's photos carry no bibs to estimate it from); each of its photos is one runner's moment at the line (the
// burst's next frame, where no face shows, 1.5 s later is found only by the time). Other runners finish between.
import sharp from 'sharp';
import type { Db } from '../db/database';
import { type RaceResultRow, replaceResults, setCameraOffset } from '../db/results-repo';

export interface DemoFinish {
  /** The photographer at the finish. */
  photographer: number;
  /** How far their camera's clock runs ahead of the timing clock. */
  cameraAheadMs: number;
  /** When the gun went, as a time of day in Thailand time on the event's date (HH:MM). */
  gun: string;
}

const NAMES = [
  'สมชาย ใจดี',
  'Nattaya Srisuk',
  'วิภาวรรณ ทองคำ',
  'Somsak Wongsawat',
  'ปิยะพงษ์ แสงทอง',
  'Anna Müller',
  'กาญจนา มีสุข',
  'Kenji Tanaka',
  'ธนพล รุ่งเรือง',
  'Lisa Chen',
  'อรุณี บุญมา',
  'David Okafor',
  'ชัยวัฒน์ พรหมมา',
  'Mai Nguyen',
  'ศิริพร จันทร์เพ็ญ',
  'Tom Becker',
];

/** The first demo bib: the runner of the finish photographer's first photo. */
export const DEMO_FIRST_BIB = 1001;

/**
 * The event's results: one runner for each of the finish photographer's photos (crossing 1 s after the camera's
 * moment, by the timing clock), and as many again finishing between them.
 */
export function demoResults(
  finish: DemoFinish,
  eventDate: string,
  photoTimes: readonly Date[],
): RaceResultRow[] {
  const gun = Date.parse(`${eventDate}T${finish.gun}:00+07:00`);
  const moments = photoTimes.map((t) => t.getTime() - finish.cameraAheadMs + 1_000).sort((a, b) => a - b);
  const between = moments.slice(1).map((t, i) => Math.round((t + (moments[i] as number)) / 2));
  const finishes = [...moments, ...between];
  const rows = finishes.map((at, i) => {
    const gunMs = at - gun;
    return {
      bib: String(DEMO_FIRST_BIB + i),
      name: NAMES[i % NAMES.length] as string,
      category: `${i % 2 === 0 ? 'M' : 'F'}${30 + (i % 3) * 10}-${39 + (i % 3) * 10}`,
      status: 'finished' as const,
      gun_ms: gunMs,
      // Runners cross the start line up to a few minutes after the gun.
      chip_ms: gunMs - (20_000 + ((i * 37_000) % 240_000)),
      finish_at: new Date(at),
      place: 0,
      category_place: 0,
    };
  });
  const byGun = [...rows].sort((a, b) => a.gun_ms - b.gun_ms);
  const inCategory = new Map<string, number>();
  for (const [i, row] of byGun.entries()) {
    row.place = i + 1;
    const n = (inCategory.get(row.category) ?? 0) + 1;
    inCategory.set(row.category, n);
    row.category_place = n;
  }
  return rows;
}

/** Puts the demo results in and the finish photographer's clock. */
export async function seedDemoFinish(
  db: Db,
  event: { event_id: number; eventdate: string },
  finish: DemoFinish,
  photoTimes: readonly Date[],
): Promise<void> {
  await replaceResults(db, event.event_id, demoResults(finish, event.eventdate, photoTimes));
  await setCameraOffset(db, event.event_id, finish.photographer, finish.cameraAheadMs);
}

/** The photo as its photographer's camera would give it: the camera's make, model and body serial in its EXIF. */
export async function withDemoCamera(bytes: Buffer, photographer: number): Promise<Buffer> {
  return sharp(bytes)
    .withExif({
      IFD0: { Make: 'RunFoto', Model: 'RunFoto demo camera' },
      IFD2: { BodySerialNumber: `DEMO-${photographer}` },
    })
    .jpeg({ quality: 86 })
    .toBuffer();
}
