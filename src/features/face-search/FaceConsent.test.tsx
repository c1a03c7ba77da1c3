// The face consent in the face search: no selfie is sent without it, it goes with every sign call, a refusal of it
// by the store asks again instead of showing an error, and withdrawing it beside the picker deletes what the device
// kept (results, alerts, the consent) after the store withdrew it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import { changeField } from '../../test/change-field';
import { keepAlert, keptAlert } from '../alerts/kept-alert';
import { FACE_CONSENT_KEY, storedFaceConsent } from '../privacy/face-consent';
import { fakeApi, found, jpegFile, picker, preparePanelTests, renderPanel, reply } from './panel-test-kit';
import { restoreResults, saveResults } from './saved-results';

const compressSelfie = vi.hoisted(() => vi.fn());
vi.mock('./compress-selfie', () => ({ compressSelfie }));

preparePanelTests(compressSelfie);

const choose = (file = jpegFile()) => changeField(picker(), { target: { files: [file] } });
const signCalls = (calls: { url: string; body: unknown }[]) => calls.filter((c) => c.url.endsWith('/sign'));
const question = () => screen.findByRole('dialog', { name: 'ค้นหาภาพด้วยใบหน้าของคุณ?' });

/** The fetch stand-in of the kit, with POST /v1/privacy/withdraw answered by `withdraw`. */
function withWithdraw(withdraw: (body: unknown) => Response) {
  const base = globalThis.fetch;
  const asked: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url.endsWith('/v1/privacy/withdraw')) {
      const body = JSON.parse(String(init?.body));
      asked.push(body);
      return withdraw(body);
    }
    if (/\/v1\/alerts\/[^/]+\/stop$/.test(url)) return reply(404, { status: 'error', message: 'gone' });
    return base(url, init);
  });
  return asked;
}

describe('the face consent in the face search', () => {
  it('sends the device’s consent with the sign call', async () => {
    const calls = fakeApi({ search: () => reply(200, found(5)) });
    await renderPanel();
    choose();
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    const kept = storedFaceConsent();
    expect(kept?.version).toBe(PRIVACY_NOTICE_VERSION);
    expect(signCalls(calls)[0]?.body).toMatchObject({
      event_key: 'event-1',
      consent: { version: PRIVACY_NOTICE_VERSION, device: kept?.device },
    });
  });

  it('asks for it when a selfie is picked without it: nothing is sent until the runner ticks the box', async () => {
    const calls = fakeApi({ search: () => reply(200, found(5)) });
    await renderPanel({ faceConsent: false });
    choose();
    let dialog = await question();
    const box = within(dialog).getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ });
    expect(box).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'ค้นหาด้วยใบหน้า' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'ประกาศความเป็นส่วนตัว' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'ไม่ใช่ตอนนี้' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    expect(localStorage.getItem(FACE_CONSENT_KEY)).toBeNull();

    choose();
    dialog = await question();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'ค้นหาด้วยใบหน้า' }));
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    const kept = storedFaceConsent();
    expect(kept?.device).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(signCalls(calls)[0]?.body).toMatchObject({ consent: { device: kept?.device } });
  });

  it('takes a consent kept under another notice version as none', async () => {
    const calls = fakeApi({});
    localStorage.setItem(
      FACE_CONSENT_KEY,
      JSON.stringify({ version: '2020-01-01', device: 'd'.repeat(22), given_at: '2020-01-01T00:00:00Z' }),
    );
    await renderPanel({ faceConsent: 'as-kept' });
    choose();
    expect(await question()).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('asks again, with no error shown, when the store does not take the consent sent', async () => {
    const answers = [
      reply(400, {
        status: 'error',
        message: 'consent required',
        code: 'consent-required',
        field: 'consent',
      }),
    ];
    const calls = fakeApi({
      sign: () =>
        answers.shift() ??
        reply(200, {
          status: 'success',
          url: '/storage/private/selfies/event-1/x.jpg?expires=1&sig=abc',
          file_name: 'x.jpg',
          search_id: '6f1c1a52-3f43-4d8e-9d36-0c5a1f7f1c11',
          file_location: 'private/selfies/event-1/x.jpg',
        }),
      search: () => reply(200, found(5)),
    });
    await renderPanel();
    const refused = storedFaceConsent()?.device;
    choose();
    const dialog = await question();
    expect(screen.queryByRole('alert', { name: /ผิดพลาด/ })).toBeNull();
    expect(screen.queryByText(/เกิดข้อผิดพลาด/)).toBeNull();
    expect(localStorage.getItem(FACE_CONSENT_KEY)).toBeNull();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'ค้นหาด้วยใบหน้า' }));
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    const signs = signCalls(calls);
    expect(signs).toHaveLength(2);
    expect(signs[1]?.body).toMatchObject({ consent: { device: storedFaceConsent()?.device } });
    expect(storedFaceConsent()?.device).not.toBe(refused);
  });

  it('withdraws beside the picker: the store is told, the kept results, alerts and consent are deleted', async () => {
    fakeApi({});
    const asked = withWithdraw(() =>
      reply(200, { status: 'success', body: { consents: 2, alerts_deleted: 1 } }),
    );
    await saveResults('standard', 'other-event', [photo5()]);
    await renderPanel();
    const device = storedFaceConsent()?.device;
    keepAlert('other-event', 'alert-token-1');
    fireEvent.click(await screen.findByRole('button', { name: 'ถอนความยินยอมให้ใช้ใบหน้าของฉัน' }));
    const dialog = await screen.findByRole('dialog', { name: 'ถอนความยินยอมให้ใช้ใบหน้าของคุณ?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'ถอนความยินยอม' }));
    expect(await screen.findByText(/ถอนความยินยอมแล้ว/)).toHaveTextContent(
      'ถอนความยินยอมแล้ว ลบผลการค้นหาที่เก็บไว้ในเครื่องนี้ 1 งานแล้ว ลบการแจ้งเตือนภาพใหม่ 1 รายการแล้ว',
    );
    expect(asked).toEqual([{ device }]);
    expect(await restoreResults('standard', 'other-event')).toBeUndefined();
    expect(keptAlert('other-event')).toBeUndefined();
    expect(localStorage.getItem(FACE_CONSENT_KEY)).toBeNull();
  });

  it('offline, says a connection is needed and deletes nothing', async () => {
    fakeApi({});
    const asked = withWithdraw(() => reply(500, {}));
    await saveResults('standard', 'other-event', [photo5()]);
    await renderPanel();
    keepAlert('other-event', 'alert-token-1');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'ถอนความยินยอมให้ใช้ใบหน้าของฉัน' }));
      const dialog = await screen.findByRole('dialog', { name: 'ถอนความยินยอมให้ใช้ใบหน้าของคุณ?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'ถอนความยินยอม' }));
      expect(await screen.findByText(/การถอนความยินยอมต้องใช้อินเทอร์เน็ต/)).toBeInTheDocument();
    } finally {
      online.mockRestore();
    }
    expect(asked).toEqual([]);
    expect((await restoreResults('standard', 'other-event'))?.photos).toHaveLength(1);
    expect(keptAlert('other-event')).toBe('alert-token-1');
    expect(storedFaceConsent()).toBeDefined();
  });
});

const photo5 = () => found(5).images[0] as NonNullable<ReturnType<typeof found>['images'][0]>;
