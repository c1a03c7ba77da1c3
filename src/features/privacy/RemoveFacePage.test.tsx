import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../core/privacy';
import { changeField } from '../../test/change-field';
import { renderPage } from '../../test/render-page';
import { FACE_CONSENT_KEY } from './face-consent';
import { RemoveFacePage } from './RemoveFacePage';
import { removalProblemOf, selfieName } from './remove-face';

const compressSelfie = vi.hoisted(() => vi.fn());
vi.mock('../face-search/compress-selfie', () => ({ compressSelfie }));

const jpegFile = (name = 'me.jpg') =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(1020).fill(7)])], name, {
    type: 'image/jpeg',
  });

type Reply = { status?: number; body: unknown };
let replies: Record<string, Reply[]>;
const fetchMock = vi.fn();
const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));
const sentJson = (path: string) =>
  callsTo(path).map(([, init]) => JSON.parse(String((init as RequestInit).body)));

const ANSWER = { removal_id: 4, faces_removed: 5, photos: 3, events: 2 };

beforeEach(() => {
  localStorage.clear();
  compressSelfie.mockReset();
  compressSelfie.mockResolvedValue(new Blob([new Uint8Array(2048)], { type: 'image/jpeg' }));
  replies = {
    '/v1/privacy/code': [
      {
        body: { status: 'success', body: { request_id: 'r'.repeat(24), sent_to: '08******78', minutes: 15 } },
      },
    ],
    '/v1/privacy/verify': [{ body: { status: 'success', body: { access: 'a'.repeat(40), minutes: 30 } } }],
    '/v1/privacy/removal': [{ body: { status: 'success', body: ANSWER } }],
    '/v1/privacy/removal/undo': [{ body: { status: 'success', body: { undone: 1, photos: 3 } } }],
  };
  fetchMock.mockReset();
  fetchMock.mockImplementation((url: string) => {
    // The longest path first: /removal/undo is not /removal.
    const path = Object.keys(replies)
      .sort((a, b) => b.length - a.length)
      .find((p) => String(url).endsWith(p));
    const queue = path ? replies[path] : undefined;
    const reply = (queue && queue.length > 1 ? queue.shift() : queue?.[0]) ?? {
      status: 404,
      body: { status: 'error', message: 'no' },
    };
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const refusal = (status: number, code: string, message = code) => ({
  status,
  body: { status: 'error', message, code },
});

/** Through the code: the phone, the code sent, the code typed; the selfie step shows. */
async function reachSelfie(language: 'th' | 'en' = 'th') {
  await renderPage(() => <RemoveFacePage />, { language });
  const th = language === 'th';
  changeField(screen.getByRole('textbox', { name: th ? 'เบอร์มือถือ' : 'Mobile number' }), {
    target: { value: '081-234-5678' },
  });
  fireEvent.click(screen.getByRole('button', { name: th ? 'ส่งรหัส' : 'Send code' }));
  changeField(await screen.findByRole('textbox', { name: th ? 'รหัสยืนยัน' : 'Confirmation code' }), {
    target: { value: '123456' },
  });
  fireEvent.click(screen.getByRole('button', { name: th ? 'ยืนยันรหัส' : 'Confirm the code' }));
  await screen.findByRole('heading', { name: th ? 'รูปเซลฟี่ของคุณ' : 'Your selfie' });
}

const consentBox = () =>
  screen.getByRole('checkbox', { name: 'ฉันยินยอมให้ร้านเก็บค่าตัวเลขของใบหน้าฉันไว้ เพื่อกันฉันออกจากภาพเท่านั้น' });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'นำใบหน้าของฉันออก' }));
const pick = (file: File) => changeField(screen.getByLabelText('เลือกรูปเซลฟี่'), { target: { files: [file] } });

describe('remove-face rules', () => {
  it('names each refusal by the store’s code, and a sent selfie as a .jpg', () => {
    expect(selfieName('IMG_0042.PNG')).toBe('IMG_0042.jpg');
    expect(selfieName('.png')).toBe('selfie.jpg');
    expect(removalProblemOf(new Error('x'))).toBe('failed');
  });
});

describe('RemoveFacePage', () => {
  it('says what removing does, then a code, the consent and the selfie remove the face', async () => {
    await renderPage(() => <RemoveFacePage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('นำใบหน้าของฉันออก');
    expect(screen.getByText(/ในทุกงานที่ร้านยังเก็บภาพไว้/)).toBeInTheDocument();
    expect(screen.getByText(/ผู้ที่ซื้อรูปไปแล้วยังเก็บรูปที่ซื้อไว้ได้/)).toBeInTheDocument();
    expect(screen.getByText(/หมายเลขบิบของคุณยังใช้ค้นหารูปของคุณได้/)).toBeInTheDocument();
    changeField(screen.getByRole('textbox', { name: 'เบอร์มือถือ' }), { target: { value: '0812345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'ส่งรหัส' }));
    await screen.findByText(/ส่งรหัส 6 หลักไปที่ 08\*\*\*\*\*\*78 แล้ว/);
    expect(sentJson('/v1/privacy/code')).toEqual([
      { purpose: 'removal', destination: { mobile: '0812345678' }, language: 'th' },
    ]);
    changeField(screen.getByRole('textbox', { name: 'รหัสยืนยัน' }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันรหัส' }));
    await screen.findByRole('heading', { name: 'รูปเซลฟี่ของคุณ' });
    expect(sentJson('/v1/privacy/verify')).toEqual([
      { request_id: 'r'.repeat(24), code: '123456', destination: { mobile: '0812345678' } },
    ]);

    // The consent is the runner's own act: unticked, and nothing is sent without it nor without a selfie.
    expect(consentBox()).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'ประกาศความเป็นส่วนตัว' })).toHaveAttribute('href', '/privacy');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('กรุณาทำเครื่องหมายยินยอมก่อน');
    fireEvent.click(consentBox());
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent('กรุณาเลือกหรือถ่ายรูปเซลฟี่ที่เห็นใบหน้าชัดเจน');
    expect(callsTo('/v1/privacy/removal')).toEqual([]);
    // A camera input beside the file picker.
    expect(document.querySelector('input[type="file"][capture="user"]')).not.toBeNull();

    pick(jpegFile('me.png'));
    expect(screen.getByText('รูปที่เลือก: me.png')).toBeInTheDocument();
    submit();
    expect(await screen.findByRole('heading', { name: 'นำใบหน้าของคุณออกแล้ว' })).toBeInTheDocument();
    expect(screen.getByText('นำใบหน้าของคุณออกจากการค้นหาแล้ว 3 รูป ใน 2 งาน')).toBeInTheDocument();
    expect(screen.getByText(/กำลังถูกทำใหม่ให้ใบหน้าของคุณเบลอ ภายในไม่กี่นาที/)).toBeInTheDocument();

    expect(compressSelfie).toHaveBeenCalledTimes(1);
    const [[, init]] = callsTo('/v1/privacy/removal') as [[string, RequestInit]];
    const form = init.body as FormData;
    expect(form.get('access')).toBe('a'.repeat(40));
    expect(form.get('consent_version')).toBe(PRIVACY_NOTICE_VERSION);
    expect(String(form.get('consent_device'))).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    expect(form.get('language')).toBe('th');
    const sentFile = form.get('file') as File;
    expect(sentFile.name).toBe('me.jpg');
    expect(sentFile.size).toBe(2048);
    // Agreeing to be kept out is not agreeing to be searched for: no face-search consent is kept.
    expect(localStorage.getItem(FACE_CONSENT_KEY)).toBeNull();
  });

  it('sends the device’s own consent id when it keeps one', async () => {
    const device = 'kept-device-0123456789abcdef';
    localStorage.setItem(
      FACE_CONSENT_KEY,
      JSON.stringify({ version: PRIVACY_NOTICE_VERSION, device, given_at: '2026-11-28T00:00:00Z' }),
    );
    await reachSelfie();
    fireEvent.click(consentBox());
    pick(jpegFile());
    submit();
    await screen.findByRole('heading', { name: 'นำใบหน้าของคุณออกแล้ว' });
    const [[, init]] = callsTo('/v1/privacy/removal') as [[string, RequestInit]];
    expect((init.body as FormData).get('consent_device')).toBe(device);
  });

  it('says each refusal of the selfie in its own words', async () => {
    const cases: [Reply, string][] = [
      [refusal(400, 'no-face'), 'ไม่พบใบหน้าในรูปนี้ กรุณาใช้รูปเซลฟี่ที่เห็นใบหน้าชัดเจน'],
      [refusal(400, 'not-an-image'), 'ไฟล์นี้ไม่ใช่รูปภาพ กรุณาเลือกไฟล์ jpg หรือ png'],
      [refusal(413, 'too-large'), 'กรุณาอัปโหลดไฟล์ที่มีขนาดเล็กกว่า 5MB'],
      [refusal(400, 'too-many-pixels'), 'รูปนี้ใหญ่เกินไป กรุณาใช้รูปที่เล็กลง'],
      [refusal(503, 'faces-unavailable'), 'ขณะนี้ระบบอ่านใบหน้าไม่ได้ กรุณาลองใหม่ภายหลัง'],
      [refusal(400, 'consent-required'), 'กรุณาทำเครื่องหมายยินยอมก่อน จึงจะนำใบหน้าของคุณออกได้'],
      [{ status: 500, body: { status: 'error', message: 'boom' } }, 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง'],
    ];
    replies['/v1/privacy/removal'] = [
      ...cases.map(([reply]) => reply),
      { body: { status: 'success', body: ANSWER } },
    ];
    await reachSelfie();
    fireEvent.click(consentBox());
    pick(jpegFile());
    for (const [, words] of cases) {
      submit();
      expect(await screen.findByText(words)).toBeInTheDocument();
    }
    submit();
    expect(await screen.findByRole('heading', { name: 'นำใบหน้าของคุณออกแล้ว' })).toBeInTheDocument();
  });

  it('refuses a file that is not a photo before sending it', async () => {
    await reachSelfie();
    fireEvent.click(consentBox());
    pick(new File(['my race notes'], 'notes.jpg', { type: 'image/jpeg' }));
    submit();
    expect(await screen.findByText('ไฟล์นี้ไม่ใช่รูปภาพ กรุณาเลือกไฟล์ jpg หรือ png')).toBeInTheDocument();
    // One that claims to be a JPEG but does not decode.
    compressSelfie.mockRejectedValueOnce(new Error('The file given is not an image'));
    pick(jpegFile());
    submit();
    expect(await screen.findByText('ไฟล์นี้ไม่ใช่รูปภาพ กรุณาเลือกไฟล์ jpg หรือ png')).toBeInTheDocument();
    expect(callsTo('/v1/privacy/removal')).toEqual([]);
  });

  it('asks for a new code when the access expired, with the phone kept', async () => {
    replies['/v1/privacy/removal'] = [refusal(401, 'access-expired')];
    await reachSelfie();
    fireEvent.click(consentBox());
    pick(jpegFile());
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('หมดเวลาแล้ว กรุณาขอรหัสใหม่');
    fireEvent.click(within(alert).getByRole('button', { name: 'ขอรหัสใหม่' }));
    expect(screen.getByRole('textbox', { name: 'เบอร์มือถือ' })).toHaveValue('0812345678');
  });

  it('says the code’s refusals as the my-data page does', async () => {
    replies['/v1/privacy/verify'] = [refusal(400, 'wrong-code', 'wrong code: 4 tries left')];
    await renderPage(() => <RemoveFacePage />);
    changeField(screen.getByRole('textbox', { name: 'เบอร์มือถือ' }), { target: { value: '0812345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'ส่งรหัส' }));
    changeField(await screen.findByRole('textbox', { name: 'รหัสยืนยัน' }), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'ยืนยันรหัส' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('รหัสไม่ถูกต้อง ลองได้อีก 4 ครั้ง');
  });

  it('undoes a removal with a code to the same contact', async () => {
    await renderPage(() => <RemoveFacePage />);
    const undo = screen.getByRole('region', { name: 'ยกเลิกการนำใบหน้าออก' });
    fireEvent.click(within(undo).getByRole('button', { name: 'ยกเลิกการนำใบหน้าออก' }));
    fireEvent.click(within(undo).getByRole('radio', { name: 'อีเมล' }));
    changeField(within(undo).getByRole('textbox', { name: 'อีเมล' }), {
      target: { value: ' Runner@Example.com' },
    });
    fireEvent.click(within(undo).getByRole('button', { name: 'ส่งรหัส' }));
    changeField(await within(undo).findByRole('textbox', { name: 'รหัสยืนยัน' }), {
      target: { value: '654321' },
    });
    fireEvent.click(within(undo).getByRole('button', { name: 'ยืนยันและยกเลิกการนำใบหน้าออก' }));
    expect(await within(undo).findByText('ยกเลิกแล้ว 1 คำขอ รูปจะกลับมาค้นหาได้ภายในไม่กี่นาที')).toBeInTheDocument();
    expect(sentJson('/v1/privacy/code')).toEqual([
      { purpose: 'undo-removal', destination: { email: 'runner@example.com' }, language: 'th' },
    ]);
    expect(sentJson('/v1/privacy/removal/undo')).toEqual([{ access: 'a'.repeat(40) }]);
  });

  it('says when there was nothing to undo', async () => {
    replies['/v1/privacy/removal/undo'] = [{ body: { status: 'success', body: { undone: 0, photos: 0 } } }];
    await renderPage(() => <RemoveFacePage />);
    const undo = screen.getByRole('region', { name: 'ยกเลิกการนำใบหน้าออก' });
    fireEvent.click(within(undo).getByRole('button', { name: 'ยกเลิกการนำใบหน้าออก' }));
    changeField(within(undo).getByRole('textbox', { name: 'เบอร์มือถือ' }), { target: { value: '0812345678' } });
    fireEvent.click(within(undo).getByRole('button', { name: 'ส่งรหัส' }));
    changeField(await within(undo).findByRole('textbox', { name: 'รหัสยืนยัน' }), {
      target: { value: '654321' },
    });
    fireEvent.click(within(undo).getByRole('button', { name: 'ยืนยันและยกเลิกการนำใบหน้าออก' }));
    expect(await within(undo).findByText('ไม่พบคำขอนำใบหน้าออกที่ยังมีผลภายใต้เบอร์หรืออีเมลนี้')).toBeInTheDocument();
  });

  it('reads in English, the answer’s counts too', async () => {
    await reachSelfie('en');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Remove my face');
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Keep my face’s numbers only to keep me out of photos' }),
    );
    changeField(screen.getByLabelText('Choose a selfie'), { target: { files: [jpegFile()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Remove my face' }));
    expect(
      await screen.findByText('Your face was taken out of search in 3 photos in 2 events.'),
    ).toBeInTheDocument();
    const [[, init]] = callsTo('/v1/privacy/removal') as [[string, RequestInit]];
    expect((init.body as FormData).get('language')).toBe('en');
  });
});
