// The demo data `npm start` puts in an empty database: one event of each variant, on sale around "now", with
// photos of real people (imported like any photo: derivatives, stamp, queued face indexing), a team and banners.
import type { Db } from '../db/database';
import { insertEvent, listsOf, type NewEventWithLists } from '../db/events-repo';
import { insertBanner, insertTeam } from '../db/teams-repo';
import type { ObjectStore } from '../storage/object-store';
import { type CoverPalette, coverJpeg, coverPalettes } from './demo-covers';
import { type DemoFinish, seedDemoFinish, withDemoCamera } from './demo-finish';
import { BURST_FRAME_MS, DemoPhotoSet, demoPhotoPlan } from './demo-photos';
import { importPhoto } from './photo-import';
import { storeSizedImage } from './sized-images';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const DEMO_TEAM_KEY = 'bangkok-runners-club';
/** Object keys of the demo banners start with this. */
export const DEMO_BANNER_PREFIX = 'banners/demo-';

const thaiDate = (d: Date) =>
  new Intl.DateTimeFormat('th-TH', { dateStyle: 'long', timeZone: 'Asia/Bangkok' }).format(d);
const isoDate = (d: Date) => new Date(d.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

const standardPackages = [
  { name: '1 ภาพ', name_en: '1 photo', number_of_photo: 1, price: '60.00' },
  { name: '5 ภาพ', name_en: '5 photos', number_of_photo: 5, price: '250.00' },
  { name: '10 ภาพ', name_en: '10 photos', number_of_photo: 10, price: '450.00' },
  { name: '20 ภาพ', name_en: '20 photos', number_of_photo: 20, price: '800.00' },
];

interface DemoEvent {
  key: string;
  title: string;
  province: string;
  /** Days from now to the event date (negative: in the past). */
  eventInDays: number;
  /** Days from now to the sale opening. */
  saleOpensInDays: number;
  palette: CoverPalette;
  extra?: Partial<NewEventWithLists['event']>;
  lists?: Omit<NewEventWithLists, 'event'>;
  /** Variations of each sample photo this event shows besides the sample itself (none: no photos). */
  variations?: string[];
  /** Each original is followed 1.5 s later by a frame of the same burst where no face shows (nearby frames). */
  bursts?: boolean;
  /** Its results, one of its photographers at the finish (demo-finish.ts); its photos carry their cameras. */
  finish?: DemoFinish;
}

const demoEvents: DemoEvent[] = [
  {
    key: 'bangkok-city-marathon-2026',
    title: 'บางกอก ซิตี้ มาราธอน 2026',
    province: 'กรุงเทพมหานคร',
    eventInDays: -6,
    saleOpensInDays: -5,
    palette: { sky: ['#ff9a5a', '#ffd9a0'], ground: '#3b3a4a', sun: '#fff3c4', runners: '#1d1b2a' },
    extra: { pin: 1, team_key: DEMO_TEAM_KEY },
    lists: { packages: standardPackages },
    variations: ['left', 'mirror', 'bright'],
    bursts: true,
    finish: { photographer: 1, cameraAheadMs: 20_000, gun: '03:00' },
  },
  {
    key: 'chiangmai-doi-trail-2026',
    title: 'เชียงใหม่ ดอยเทรล 2026',
    province: 'เชียงใหม่',
    eventInDays: -12,
    saleOpensInDays: -11,
    palette: { sky: ['#6aa6d8', '#cfe8f5'], ground: '#2f5d3a', sun: '#fffbe6', runners: '#15301d' },
    extra: { is_mhao: true, mhao_price: '399.00', caption_button_buy_all: 'ซื้อเหมาทุกภาพของคุณ' },
    lists: { packages: standardPackages },
    variations: ['close', 'right', 'tilt'],
  },
  {
    key: 'khonkaen-fun-run-2026',
    title: 'ขอนแก่น ฟันรัน เพื่อน้อง 2026',
    province: 'ขอนแก่น',
    eventInDays: -3,
    saleOpensInDays: -2,
    palette: { sky: ['#8ed1c6', '#e8f7f2'], ground: '#6b4f2a', sun: '#ffe08a', runners: '#3a2a12' },
    extra: { is_free_download: true },
    variations: ['mirror', 'dusk'],
  },
  {
    key: 'phuket-beach-run-2026',
    title: 'ภูเก็ต บีชรัน 2026',
    province: 'ภูเก็ต',
    eventInDays: -9,
    saleOpensInDays: -8,
    palette: { sky: ['#3fb5e8', '#bdf0ff'], ground: '#e2c48e', sun: '#fff7d1', runners: '#0f4c6b' },
    extra: {
      is_hybrid: true,
      is_event_stage: true,
      is_mhao_hybrid: true,
      hybrid_mhao_price: '590.00',
      caption_button_buy_all: 'เหมาทุกภาพจากช่างภาพทุกคน',
    },
    lists: {
      packages: standardPackages,
      packagesHb: [
        { name: 'ทีมช่างภาพจุดสตาร์ท', name_en: 'Start line photographers' },
        { name: 'ทีมช่างภาพชายหาด', name_en: 'Beach photographers' },
      ],
      stages: [
        { name: 'จุดปล่อยตัว', name_en: 'Start' },
        { name: 'กิโลเมตรที่ 5', name_en: 'Kilometre 5' },
        { name: 'เส้นชัย', name_en: 'Finish line' },
      ],
    },
    variations: ['left', 'close', 'right', 'tilt'],
  },
  {
    key: 'korat-half-marathon-2026',
    title: 'โคราช ฮาล์ฟมาราธอน 2026',
    province: 'นครราชสีมา',
    eventInDays: -30,
    saleOpensInDays: -29,
    palette: { sky: ['#c06bd8', '#f6d3ff'], ground: '#40264a', sun: '#ffe6f4', runners: '#220f29' },
    extra: { is_free_download_keep_contract: true },
    lists: { packages: standardPackages.map((p) => ({ ...p, price: '0.00' })) },
    variations: ['bright', 'dusk'],
  },
  {
    key: 'huahin-night-run-2026',
    title: 'หัวหิน ไนท์รัน 2026',
    province: 'ประจวบคีรีขันธ์',
    eventInDays: 14,
    saleOpensInDays: 15,
    palette: { sky: ['#1b2350', '#4b3f8f'], ground: '#12142a', sun: '#f4f1ff', runners: '#05060f' },
    lists: { packages: standardPackages },
  },
];

export const demoEventKeys = demoEvents.map((e) => e.key);

export interface DemoCounts {
  events: number;
  photos: number;
  teams: number;
  banners: number;
}

interface PhotoJob {
  event: { event_id: number; event_key: string };
  sample: number;
  variation: string;
  takenAt: Date;
  stageId: number | null;
  isHighlight: boolean;
  fileName: string;
  /** The photo carries its photographer's camera in its EXIF. */
  withCamera?: boolean;
}

/**
 * An event's photos, spread over its morning (06:00-10:00 Thailand time, UTC+7) and, on a stage event, over its
 * stages in route order; the originals of every other sample are highlights.
 */
function photoJobs(
  event: PhotoJob['event'],
  eventDate: string,
  stageIds: number[],
  sampleCount: number,
  variations: string[],
  bursts = false,
): PhotoJob[] {
  const plan = demoPhotoPlan(sampleCount, variations);
  const morning = new Date(`${eventDate}T06:00:00+07:00`).getTime();
  const step = (4 * HOUR_MS) / plan.length;
  const jobs = plan.map(({ sample, variation }, i) => ({
    event,
    sample,
    variation,
    // A few minutes of jitter so photos of one round are not evenly spaced.
    takenAt: new Date(morning + Math.floor(i * step + ((i * 7919) % 97) * 1000)),
    stageId: stageIds.length ? (stageIds[Math.floor((i * stageIds.length) / plan.length)] ?? null) : null,
    isHighlight: variation === 'original' && sample % 2 === 0,
    fileName: `DSC_${1000 + i * 3 + ((i * 7) % 3)}.JPG`,
  }));
  if (!bursts) return jobs;
  const burstFrames = jobs
    .filter((job) => job.variation === 'original')
    .map((job, i) => ({
      ...job,
      variation: 'turned',
      takenAt: new Date(job.takenAt.getTime() + BURST_FRAME_MS),
      isHighlight: false,
      fileName: `DSC_${1000 + jobs.length * 3 + i}.JPG`,
    }));
  return [...jobs, ...burstFrames];
}

/** Three photographers share the demo's samples. */
const photographerOf = (job: PhotoJob) => (job.sample % 3) + 1;

/** Imports photos two at a time: the image work of one overlaps the database writes of the other. */
async function importAll(
  db: Db,
  store: ObjectStore,
  jobs: PhotoJob[],
  photos: DemoPhotoSet,
): Promise<number> {
  let next = 0;
  let imported = 0;
  const worker = async () => {
    for (let job = jobs[next++]; job; job = jobs[next++]) {
      const photographerId = photographerOf(job);
      const bytes = await photos.photo(job.sample, job.variation);
      const result = await importPhoto({ db, store }, job.event, {
        bytes: job.withCamera ? await withDemoCamera(bytes, photographerId) : bytes,
        originalFileName: job.fileName,
        photographerId,
        stageId: job.stageId,
        takenAt: job.takenAt,
        isHighlight: job.isHighlight,
      });
      if ('refused' in result) throw new Error(`demo photo ${job.fileName} refused: ${result.refused}`);
      imported += 1;
    }
  };
  await Promise.all([worker(), worker()]);
  return imported;
}

async function seedTeamAndBanners(db: Db, store: ObjectStore, photos: DemoPhotoSet): Promise<void> {
  const teamCover = await storeSizedImage(
    store,
    `teams/${DEMO_TEAM_KEY}`,
    await coverJpeg(coverPalettes[0] as CoverPalette, 11),
  );
  await insertTeam(db, {
    team_key: DEMO_TEAM_KEY,
    team_name: 'ชมรมวิ่งบางกอก',
    team_description: 'ชมรมนักวิ่งในกรุงเทพฯ ภาพทุกงานวิ่งของชมรมอยู่ที่นี่ / Bangkok runners: photos of every club run.',
    team_facebook_url: 'https://www.facebook.com/',
    cover_object: teamCover,
  });
  const banners = [
    { link: `/${demoEvents[0]?.key}`, image: coverJpeg(coverPalettes[3] as CoverPalette, 7) },
    { link: `/${demoEvents[3]?.key}`, image: photos.photo(3, 'original') },
  ];
  for (const [i, banner] of banners.entries()) {
    // Banner-shaped (1200×450), from a drawn cover or a sample photo.
    const key = await storeSizedImage(store, `${DEMO_BANNER_PREFIX}${i + 1}`, await banner.image, {
      cover: { width: 1200, height: 450, position: 'top' },
    });
    await insertBanner(db, { image_object: key, link_url: banner.link, sort_order: i });
  }
}

/** Creates the demo events, their covers and photos, a team and two banners; answers what it made. */
export async function seedDemo(db: Db, store: ObjectStore, now: Date): Promise<DemoCounts> {
  const photos = new DemoPhotoSet();
  const jobs: PhotoJob[] = [];
  const finishes: { event: { event_id: number; eventdate: string; key: string }; finish: DemoFinish }[] = [];
  for (const [index, demo] of demoEvents.entries()) {
    const eventDay = new Date(now.getTime() + demo.eventInDays * DAY_MS);
    const saleOpens = new Date(now.getTime() + demo.saleOpensInDays * DAY_MS);
    const cover = await storeSizedImage(store, `${demo.key}/cover`, await coverJpeg(demo.palette, index));
    const eventId = await insertEvent(db, {
      event: {
        event_key: demo.key,
        title: demo.title,
        cover_object: cover,
        event_date_text: thaiDate(eventDay),
        eventdate: isoDate(eventDay),
        province: demo.province,
        team_key: null,
        on_sale_start: saleOpens,
        on_sale_end: new Date(eventDay.getTime() + 35 * DAY_MS),
        // The demo's organiser told its runners of face search at registration.
        face_search: true,
        runners_informed: true,
        ...demo.extra,
      },
      ...demo.lists,
    });
    if (demo.variations) {
      const stageIds = (await listsOf(db, eventId)).stages.map((s) => s.id);
      const event = { event_id: eventId, event_key: demo.key };
      const eventJobs = photoJobs(
        event,
        isoDate(eventDay),
        stageIds,
        photos.sampleCount,
        demo.variations,
        demo.bursts,
      );
      jobs.push(...eventJobs.map((job) => (demo.finish ? { ...job, withCamera: true } : job)));
    }
    if (demo.finish)
      finishes.push({
        event: { event_id: eventId, eventdate: isoDate(eventDay), key: demo.key },
        finish: demo.finish,
      });
  }
  await seedTeamAndBanners(db, store, photos);
  const imported = await importAll(db, store, jobs, photos);
  for (const { event, finish } of finishes) {
    // The finish camera's own frames, the burst's faceless next frames aside: each is a runner's moment at the line.
    const moments = jobs
      .filter((job) => job.event.event_id === event.event_id && job.variation !== 'turned')
      .filter((job) => photographerOf(job) === finish.photographer)
      .map((job) => job.takenAt);
    await seedDemoFinish(db, event, finish, moments);
  }
  return { events: demoEvents.length, photos: imported, teams: 1, banners: 2 };
}
