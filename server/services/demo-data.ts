// The demo events `npm start` puts in an empty database: one of each variant, on sale around "now".
import type { Db } from '../db/database';
import { insertEvent, type NewEventWithLists } from '../db/events-repo';
import type { ObjectStore } from '../storage/object-store';
import { type CoverPalette, coverJpeg } from './demo-covers';

const DAY_MS = 86_400_000;

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
}

const demoEvents: DemoEvent[] = [
  {
    key: 'bangkok-city-marathon-2026',
    title: 'บางกอก ซิตี้ มาราธอน 2026',
    province: 'กรุงเทพมหานคร',
    eventInDays: -6,
    saleOpensInDays: -5,
    palette: { sky: ['#ff9a5a', '#ffd9a0'], ground: '#3b3a4a', sun: '#fff3c4', runners: '#1d1b2a' },
    extra: { pin: 1 },
    lists: { packages: standardPackages },
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
  },
  {
    key: 'khonkaen-fun-run-2026',
    title: 'ขอนแก่น ฟันรัน เพื่อน้อง 2026',
    province: 'ขอนแก่น',
    eventInDays: -3,
    saleOpensInDays: -2,
    palette: { sky: ['#8ed1c6', '#e8f7f2'], ground: '#6b4f2a', sun: '#ffe08a', runners: '#3a2a12' },
    extra: { is_free_download: true },
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

/** Creates the demo events and their covers; returns how many were created. */
export async function seedDemoData(db: Db, store: ObjectStore, now: Date): Promise<number> {
  for (const [index, demo] of demoEvents.entries()) {
    const eventDay = new Date(now.getTime() + demo.eventInDays * DAY_MS);
    const saleOpens = new Date(now.getTime() + demo.saleOpensInDays * DAY_MS);
    const cover = `${demo.key}/cover.jpg`;
    await store.put(cover, await coverJpeg(demo.palette, index), 'image/jpeg');
    await insertEvent(db, {
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
        ...demo.extra,
      },
      ...demo.lists,
    });
  }
  return demoEvents.length;
}
