import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertState } from '../../../core/contract/alerts';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import { renderPage } from '../../test/render-page';
import {
  FACE_CONSENT_KEY,
  forgetFaceConsent,
  giveFaceConsent,
  storedFaceConsent,
} from '../privacy/face-consent';
import { keepAlert, keptAlert } from './kept-alert';
import { PhotoAlerts } from './PhotoAlerts';

const putSigned = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../lib/put-signed', async (original) => ({
  ...(await original<typeof import('../../lib/put-signed')>()),
  putSigned,
}));
const settings = vi.hoisted(() => ({ alertsByEmail: true }));
vi.mock('../../lib/app-settings', async (original) => {
  const real = await original<typeof import('../../lib/app-settings')>();
  return {
    ...real,
    appSettings: {
      ...real.appSettings,
      get alertsByEmail() {
        return settings.alertsByEmail;
      },
    },
  };
});

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const SECRET = 'zyxwvutsrqponmlkjihgfedcba543210';
const SUBSCRIPTION = {
  endpoint: 'https://push.example/abc',
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'b'.repeat(22) },
};
const state = (over: Partial<AlertState> = {}): AlertState => ({
  event_key: 'live-run',
  title: 'Live run',
  channel: 'push',
  state: 'active',
  bib: null,
  face: true,
  email: null,
  photos: 0,
  ...over,
});

const calls: { url: string; body: unknown }[] = [];
let answers: Record<string, () => Response>;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  localStorage.clear();
  // The selfie of these tests was searched with: this device gave its face consent then.
  giveFaceConsent();
  calls.length = 0;
  putSigned.mockClear();
  settings.alertsByEmail = true;
  answers = {
    '/v2/facesearch/sign': () =>
      json(200, {
        status: 'success',
        url: '/storage/selfie/x.jpg?sig=1',
        file_name: 'alert.jpg',
        search_id: '6f1c1a52-3f43-4d8e-9d36-0c5a1f7f1c11',
        file_location: 'selfie/live-run/x.jpg',
      }),
    '/v1/alerts/push-key': () => json(200, { status: 'success', body: { public_key: `B${'k'.repeat(86)}` } }),
    '/v1/alerts': () => json(200, { status: 'success', body: { token: TOKEN, alert: state() } }),
    [`/v1/alerts/${TOKEN}`]: () => json(200, { status: 'success', body: state() }),
    [`/v1/alerts/${TOKEN}/stop`]: () => json(200, { status: 'success', body: state({ state: 'stopped' }) }),
    '/v1/alerts/confirm': () =>
      json(200, { status: 'success', body: state({ channel: 'email', email: 'r****@example.com' }) }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^.*\/api/, '');
      calls.push({ url: path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answers[path]?.() ?? json(404, { status: 'error', message: 'not found' });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A browser with push: permission granted, the worker's push manager subscribes. */
function withPush(permission: NotificationPermission = 'granted') {
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: async () => permission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) },
  });
  return subscribe;
}
function withoutPush() {
  Reflect.deleteProperty(window, 'PushManager');
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

const selfie = new Blob(['jpeg'], { type: 'image/jpeg' });

describe('PhotoAlerts', () => {
  it('offers nothing before a search, nor without a selfie or bib to watch for', async () => {
    const { container } = await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => undefined} bib={undefined} answered />
    ));
    expect(container.querySelector('.photo-alerts')).toBeNull();
  });

  it('says what is kept, then subscribes this app with the selfie sent once more', async () => {
    const subscribe = withPush();
    await renderPage(() => <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib="0421" answered />);
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของบิบ 0421' }));
    const dialog = await screen.findByRole('dialog', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของบิบ 0421' });
    expect(dialog).toHaveTextContent('ไม่ใช่ตัวรูป');
    expect(dialog).toHaveTextContent('เราจะแจ้งคุณเมื่อมีภาพใหม่ที่เห็นหมายเลขบิบ 0421');
    fireEvent.click(screen.getByRole('button', { name: 'เปิดการแจ้งเตือน' }));
    expect(await screen.findByText('เราจะแจ้งเตือนบนอุปกรณ์นี้เมื่อมีภาพใหม่ของคุณในงานนี้')).toBeInTheDocument();
    expect(subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(putSigned).toHaveBeenCalledWith('/storage/selfie/x.jpg?sig=1', selfie, 'image/jpg');
    expect(calls.find((c) => c.url === '/v1/alerts')?.body).toEqual({
      event_key: 'live-run',
      search_id: '6f1c1a52-3f43-4d8e-9d36-0c5a1f7f1c11',
      file_location: 'selfie/live-run/x.jpg',
      bib: '0421',
      consent: { version: PRIVACY_NOTICE_VERSION, device: storedFaceConsent()?.device },
      language: 'th',
      push: SUBSCRIPTION,
    });
    expect(calls.find((c) => c.url === '/v2/facesearch/sign')?.body).toMatchObject({
      consent: { version: PRIVACY_NOTICE_VERSION, device: storedFaceConsent()?.device },
    });
    expect(keptAlert('live-run')).toBe(TOKEN);
  });

  it('without a face consent on this device, asks for it with an unticked box and sends nothing until ticked', async () => {
    withPush();
    forgetFaceConsent();
    await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib={undefined} answered />
    ));
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' }));
    const dialog = await screen.findByRole('dialog', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' });
    expect(screen.getAllByRole('link', { name: 'ประกาศความเป็นส่วนตัว' })[0]).toHaveAttribute(
      'href',
      '/privacy',
    );
    const box = screen.getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ });
    expect(box).not.toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'เปิดการแจ้งเตือน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('กรุณาติ๊กช่องยินยอมให้ใช้ใบหน้าของคุณก่อน');
    expect(calls.some((c) => c.url === '/v2/facesearch/sign' || c.url === '/v1/alerts')).toBe(false);
    expect(localStorage.getItem(FACE_CONSENT_KEY)).toBeNull();

    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'เปิดการแจ้งเตือน' }));
    expect(await screen.findByText('เราจะแจ้งเตือนบนอุปกรณ์นี้เมื่อมีภาพใหม่ของคุณในงานนี้')).toBeInTheDocument();
    const device = storedFaceConsent()?.device;
    expect(device).toBeDefined();
    expect(calls.find((c) => c.url === '/v1/alerts')?.body).toMatchObject({ consent: { device } });
    expect(dialog).toBeDefined();
  });

  it('a consent the store does not take: forgotten, and the box asked again', async () => {
    withPush();
    answers['/v1/alerts'] = () =>
      json(400, { status: 'error', message: 'consent required', code: 'consent-required', field: 'consent' });
    await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib={undefined} answered />
    ));
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'เปิดการแจ้งเตือน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('กรุณาติ๊กช่องยินยอมให้ใช้ใบหน้าของคุณก่อน');
    expect(screen.getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ })).not.toBeChecked();
    expect(localStorage.getItem(FACE_CONSENT_KEY)).toBeNull();
    expect(keptAlert('live-run')).toBeUndefined();
  });

  it('a bib the photos of the face do not show: the alert tells by the face alone, and says so', async () => {
    withPush();
    let asked = 0;
    answers['/v1/alerts'] = () =>
      ++asked === 1
        ? json(400, {
            status: 'error',
            message: 'the photos of your face do not show this bib (yet)',
            code: 'bib-not-shown',
            field: 'bib',
          })
        : json(200, { status: 'success', body: { token: TOKEN, alert: state() } });
    await renderPage(() => <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib="0421" answered />);
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของบิบ 0421' }));
    fireEvent.click(await screen.findByRole('button', { name: 'เปิดการแจ้งเตือน' }));
    expect(await screen.findByText(/ภาพของคุณที่มีอยู่ยังไม่เห็นบิบหมายเลข 0421/)).toBeInTheDocument();
    const made = calls.filter((c) => c.url === '/v1/alerts').map((c) => c.body as Record<string, unknown>);
    expect(made).toHaveLength(2);
    expect(made[0]?.bib).toBe('0421');
    expect(made[1]).not.toHaveProperty('bib');
    // The selfie is sent once more for the second ask (the first was described and deleted).
    expect(putSigned).toHaveBeenCalledTimes(2);
  });

  it('after a search by bib alone: asks for a selfie instead of offering an alert, in the bib’s words', async () => {
    withPush();
    const { unmount } = await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => undefined} bib="0421" answered />
    ));
    expect(
      screen.getByText(
        'อยากรู้เมื่อมีภาพใหม่ของหมายเลขบิบ 0421? ค้นหาด้วยรูปเซลฟี่ของคุณหนึ่งครั้ง ใบหน้าของคุณยืนยันว่าบิบนี้เป็นของคุณ แล้วเราจะแจ้งคุณได้',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^แจ้งฉันเมื่อมีภาพใหม่/ })).toBeNull();
    unmount();
    await renderPage(() => <PhotoAlerts eventKey="live-run" selfie={() => undefined} bib="0421" answered />, {
      language: 'en',
    });
    expect(
      screen.getByText(
        'To hear when new photos of bib number 0421 arrive, search once with your selfie: your face shows the bib is yours, and then we can tell you.',
      ),
    ).toBeInTheDocument();
  });

  it('a bib alert’s dialog speaks of the bib, and of the earlier selfie only as its proof (Thai and English)', async () => {
    withPush();
    forgetFaceConsent();
    const { unmount } = await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib="0421" answered />
    ));
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของบิบ 0421' }));
    const dialog = await screen.findByRole('dialog', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของบิบ 0421' });
    expect(dialog).toHaveTextContent(
      'ช่างภาพยังส่งภาพเข้ามาเรื่อย ๆ เราจะแจ้งคุณเมื่อมีภาพใหม่ที่เห็นหมายเลขบิบ 0421 ในงานนี้ ไม่บ่อยกว่าทุก 10 นาที',
    );
    expect(dialog).toHaveTextContent('เราใช้รูปเซลฟี่ที่คุณค้นหาไว้ก่อนหน้านี้ยืนยันว่าบิบนี้เป็นของคุณ');
    // Not a face alert's words.
    expect(dialog).not.toHaveTextContent('เราจะเทียบใบหน้าของคุณกับภาพที่เข้ามาใหม่');
    expect(dialog).not.toHaveTextContent('เราเก็บข้อมูลใบหน้าของคุณ');
    // The face is still used, so its consent is still asked.
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    unmount();
    await renderPage(() => <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib="0421" answered />, {
      language: 'en',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tell me when new photos of bib 0421 arrive' }));
    const english = await screen.findByRole('dialog', { name: 'Tell me when new photos of bib 0421 arrive' });
    expect(english).toHaveTextContent('We tell you when new photos of this event show bib number 0421');
    expect(english).toHaveTextContent('the selfie you searched with earlier shows it is yours');
    expect(english).not.toHaveTextContent('We compare your face with each new photo');
  });

  it('a face alert’s dialog speaks of the face, and of no bib', async () => {
    withPush();
    await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib={undefined} answered />
    ));
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' }));
    const dialog = await screen.findByRole('dialog', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' });
    expect(dialog).toHaveTextContent('เราจะเทียบใบหน้าของคุณกับภาพที่เข้ามาใหม่ในงานนี้');
    expect(dialog).toHaveTextContent('เราเก็บข้อมูลใบหน้าของคุณ (ตัวเลขที่คำนวณจากรูปเซลฟี่ ไม่ใช่ตัวรูป)');
    expect(dialog).not.toHaveTextContent('บิบ');
  });

  it('a push service the store does not send to: says which browsers work', async () => {
    withPush();
    answers['/v1/alerts'] = () =>
      json(400, { status: 'error', message: 'refused', code: 'push-endpoint-refused', field: 'push' });
    await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib={undefined} answered />
    ));
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' }));
    fireEvent.click(await screen.findByRole('button', { name: 'เปิดการแจ้งเตือน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('กรุณาใช้ Chrome, Safari, Firefox หรือ Edge');
    expect(keptAlert('live-run')).toBeUndefined();
  });

  it('notifications blocked: says how to allow them, makes nothing', async () => {
    withPush('denied');
    await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib={undefined} answered />
    ));
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' }));
    fireEvent.click(await screen.findByRole('button', { name: 'เปิดการแจ้งเตือน' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('การแจ้งเตือนของเว็บนี้ถูกปิดไว้');
    expect(calls.some((c) => c.url === '/v1/alerts')).toBe(false);
  });

  it('without push (Safari before install), an e-mail confirmed first; or the way to install when the store sends none', async () => {
    withoutPush();
    answers['/v1/alerts'] = () =>
      json(200, {
        status: 'success',
        body: {
          token: TOKEN,
          alert: state({ channel: 'email', state: 'awaiting-confirmation', email: 'r****@example.com' }),
        },
      });
    await renderPage(
      () => <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib={undefined} answered />,
      { language: 'en' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tell me when new photos of me arrive' }));
    fireEvent.change(await screen.findByLabelText('Your e-mail'), {
      target: { value: 'runner@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send me the confirmation link' }));
    expect(await screen.findByText(/Waiting for you to confirm r\*\*\*\*@example.com/)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/v1/alerts')?.body).toMatchObject({
      email: 'runner@example.com',
      language: 'en',
    });
  });

  it('a store without e-mail tells an iPhone to install the app first', async () => {
    withoutPush();
    settings.alertsByEmail = false;
    await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => selfie} bib={undefined} answered />
    ));
    fireEvent.click(screen.getByRole('button', { name: 'แจ้งฉันเมื่อมีภาพใหม่ของฉัน' }));
    expect(await screen.findByText(/ติดตั้งแอปลงหน้าจอโฮมก่อน/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'เปิดการแจ้งเตือน' })).toBeNull();
  });

  it('an alert kept on this device says so and stops', async () => {
    keepAlert('live-run', TOKEN);
    await renderPage(() => (
      <PhotoAlerts eventKey="live-run" selfie={() => undefined} bib={undefined} answered={false} />
    ));
    fireEvent.click(await screen.findByRole('button', { name: 'หยุดแจ้งเตือน' }));
    expect(await screen.findByText('หยุดแจ้งเตือนแล้ว เราจะไม่แจ้งคุณอีก')).toBeInTheDocument();
    expect(keptAlert('live-run')).toBeUndefined();
    expect(calls.map((c) => c.url)).toContain(`/v1/alerts/${TOKEN}/stop`);
  });

  it('the e-mail’s link confirms only with the button (a mail scanner’s visit confirms nothing)', async () => {
    await renderPage(() => (
      <PhotoAlerts
        eventKey="live-run"
        selfie={() => undefined}
        bib={undefined}
        answered={false}
        confirmSecret={SECRET}
      />
    ));
    const button = await screen.findByRole('button', { name: 'ยืนยันอีเมล' });
    expect(calls.some((c) => c.url === '/v1/alerts/confirm')).toBe(false);
    fireEvent.click(button);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/v1/alerts/confirm')?.body).toEqual({ secret: SECRET }),
    );
    expect(await screen.findByText(/เราจะแจ้งทางอีเมล r\*\*\*\*@example.com/)).toBeInTheDocument();
  });
});
