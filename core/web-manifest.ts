// The installed app's web manifest, in Thai (the default, /manifest.webmanifest) and English
// (/manifest-en.webmanifest; the page links it while shown in English, src/lib/i18n.ts). Both are the same app
// (one id): icons with maskable versions, theme colours, standalone display, screenshots for the richer install
// sheet, and the Android share target that takes a photo to search with (sw/share-target.ts).
export type ManifestLanguage = 'th' | 'en';

/** Where the share sheet POSTs a shared photo, and the multipart field it comes in. */
export const SHARE_TARGET_PATH = '/share-target';
export const SHARE_FILE_FIELD = 'photo';

export const MANIFEST_PATHS: Record<ManifestLanguage, string> = {
  th: '/manifest.webmanifest',
  en: '/manifest-en.webmanifest',
};

const TEXTS = {
  th: {
    name: 'RunFoto — ค้นหาภาพวิ่งของคุณ',
    description: 'ค้นหาภาพงานวิ่งของคุณด้วยเซลฟี่ ซื้อ และดาวน์โหลด ดูคำสั่งซื้อได้แม้ไม่มีสัญญาณ',
    homeShot: 'หน้าแรก: งานวิ่งที่เปิดขายภาพ',
    eventShot: 'ค้นหาภาพของคุณด้วยเซลฟี่',
    wideShot: 'RunFoto บนจอกว้าง',
  },
  en: {
    name: 'RunFoto — Find your running photos',
    description:
      'Find your race photos with one selfie, buy and download them; your orders open even offline.',
    homeShot: 'Home: events with photos on sale',
    eventShot: 'Find your photos with a selfie',
    wideShot: 'RunFoto on a wide screen',
  },
} as const;

export function webManifest(language: ManifestLanguage) {
  const text = TEXTS[language];
  return {
    id: '/',
    name: text.name,
    short_name: 'RunFoto',
    description: text.description,
    lang: language,
    dir: 'ltr' as const,
    start_url: '/',
    scope: '/',
    display: 'standalone' as const,
    background_color: '#ffffff',
    theme_color: '#c04927',
    categories: ['photo', 'sports', 'shopping'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: [
      {
        src: `/screenshots/home-${language}.png`,
        sizes: '780x1688',
        type: 'image/png',
        form_factor: 'narrow' as const,
        label: text.homeShot,
      },
      {
        src: `/screenshots/event-${language}.png`,
        sizes: '780x1688',
        type: 'image/png',
        form_factor: 'narrow' as const,
        label: text.eventShot,
      },
      {
        src: `/screenshots/wide-${language}.png`,
        sizes: '1280x800',
        type: 'image/png',
        form_factor: 'wide' as const,
        label: text.wideShot,
      },
    ],
    share_target: {
      action: SHARE_TARGET_PATH,
      method: 'POST' as const,
      enctype: 'multipart/form-data',
      params: {
        // The types a picked selfie may have (SPEC §4): anything else would be refused after the share.
        files: [{ name: SHARE_FILE_FIELD, accept: ['image/jpeg', 'image/png', '.jpg', '.jpeg', '.png'] }],
      },
    },
  };
}
