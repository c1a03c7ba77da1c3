import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '../../lib/db/app-db';
import { renderPage } from '../../test/render-page';
import { UploadPage } from './UploadPage';

const putSigned = vi.hoisted(() => vi.fn());
vi.mock('../../lib/put-signed', async (original) => ({
  ...(await original<typeof import('../../lib/put-signed')>()),
  putSigned,
}));

const SECRET = 'abcdefghijklmnopqrstuvwxyz012345';
const LINK = {
  event_key: 'bkk-city-2026',
  title: 'Bangkok City Marathon 2026',
  photographer_id: 7,
  expires_at: '2026-11-30T05:00:00.000Z',
  max_bytes: 60 * 1024 * 1024,
};

// jsdom's File has no arrayBuffer() (every browser the page serves has): read it as a browser without it would.
if (!('arrayBuffer' in Blob.prototype))
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    configurable: true,
    value(this: Blob) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer).slice().buffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(this);
      });
    },
  });

const fetchMock = vi.fn();
let linkAnswer: () => Response;
/** The bodies the page sent to a call ending so. */
const sent = (ending: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(ending))
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

beforeEach(async () => {
  await appDb.uploads.clear();
  putSigned.mockReset();
  putSigned.mockResolvedValue(undefined);
  linkAnswer = () => new Response(JSON.stringify({ status: 'success', body: LINK }));
  fetchMock.mockReset();
  fetchMock.mockImplementation((url: string, init?: RequestInit) => {
    const path = String(url);
    if (path.endsWith(`/v1/uploads/${SECRET}`)) return Promise.resolve(linkAnswer());
    const body = JSON.parse(String(init?.body ?? '{}'));
    if (path.endsWith('/sign'))
      return Promise.resolve(
        new Response(
          JSON.stringify(
            body.file_name === 'had.jpg'
              ? { status: 'success', duplicate_of: 12 }
              : { status: 'success', url: `/storage/private/uploads/x/${body.sha256}?sig=1` },
          ),
        ),
      );
    if (path.endsWith('/done') && body.file_name === 'bad.jpg')
      return Promise.resolve(
        new Response(JSON.stringify({ status: 'error', code: 'hash-mismatch', message: 'other bytes' }), {
          status: 400,
        }),
      );
    if (path.endsWith('/done'))
      return Promise.resolve(new Response(JSON.stringify({ status: 'success', state: 'queued' })));
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const jpeg = (name: string, text = name) =>
  new File([`\xff\xd8\xff ${text}`], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 });

const choose = (files: File[]) =>
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files } });

const row = async (name: string) => (await screen.findByText(name)).closest('li') as HTMLElement;

describe('UploadPage', () => {
  it('says whose link it is, sends each photo once through sign, PUT and done, and counts them', async () => {
    await renderPage(() => <UploadPage secret={SECRET} />);
    expect(
      await screen.findByRole('heading', { name: 'อัปโหลดภาพ: Bangkok City Marathon 2026' }),
    ).toBeVisible();
    expect(screen.getByText(/ช่างภาพหมายเลข 7 · ลิงก์นี้ใช้ได้ถึง/)).toBeInTheDocument();

    choose([jpeg('a.jpg'), jpeg('b.jpg'), jpeg('had.jpg')]);
    await waitFor(() => expect(screen.getByText('ส่งแล้ว 3 จาก 3 ไฟล์')).toBeInTheDocument());
    expect(within(await row('a.jpg')).getByText('ส่งแล้ว')).toBeInTheDocument();
    expect(within(await row('had.jpg')).getByText('มีภาพนี้แล้ว ไม่ต้องส่งซ้ำ')).toBeInTheDocument();
    // Only the two new photos were PUT and confirmed; each with its own SHA-256.
    expect(putSigned).toHaveBeenCalledTimes(2);
    const signed = sent('/sign');
    expect(signed.map((s) => s.file_name).sort()).toEqual(['a.jpg', 'b.jpg', 'had.jpg']);
    expect(new Set(signed.map((s) => s.sha256)).size).toBe(3);
    for (const s of signed)
      expect(s).toMatchObject({ file_type: 'image/jpeg', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(
      sent('/done')
        .map((d) => d.file_name)
        .sort(),
    ).toEqual(['a.jpg', 'b.jpg']);
  });

  it('refuses what is not a photo or too large without asking the server', async () => {
    await renderPage(() => <UploadPage secret={SECRET} />);
    await screen.findByRole('heading', { name: /อัปโหลดภาพ/ });
    choose([new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(await within(await row('notes.txt')).findByText('ไม่ใช่ไฟล์ JPEG หรือ PNG')).toBeInTheDocument();
    expect(sent('/sign')).toEqual([]);
  });

  it('a file the store refused is offered again; the files sent are skipped when chosen again', async () => {
    const first = await renderPage(() => <UploadPage secret={SECRET} />);
    await screen.findByRole('heading', { name: /อัปโหลดภาพ/ });
    choose([jpeg('a.jpg'), jpeg('bad.jpg')]);
    // Refused for good (400): failed at once, not tried six times.
    expect(await within(await row('bad.jpg')).findByText('ส่งไม่สำเร็จ')).toBeInTheDocument();
    expect(sent('/done').filter((d) => d.file_name === 'bad.jpg')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'ลองส่ง 1 ไฟล์ที่ไม่สำเร็จอีกครั้ง' })).toBeInTheDocument();
    expect(await within(await row('a.jpg')).findByText('ส่งแล้ว')).toBeInTheDocument();
    first.unmount();

    // The page opened again on this device: one file was left over; choosing both again sends only that one.
    putSigned.mockClear();
    await renderPage(() => <UploadPage secret={SECRET} />);
    expect(await screen.findByText(/มี 1 ไฟล์ที่เลือกไว้ครั้งก่อนยังส่งไม่ครบ/)).toBeInTheDocument();
    choose([jpeg('a.jpg'), jpeg('bad.jpg')]);
    expect(await screen.findByText('ข้าม 1 ไฟล์ที่ส่งแล้ว')).toBeInTheDocument();
    expect(await within(await row('bad.jpg')).findByText('ส่งไม่สำเร็จ')).toBeInTheDocument();
    expect(putSigned).toHaveBeenCalledTimes(1);
    expect(putSigned.mock.calls[0]?.[1]).toMatchObject({ name: 'bad.jpg' });
  });

  it('a link revoked or expired says so and offers no file picker', async () => {
    linkAnswer = () =>
      new Response(JSON.stringify({ status: 'error', code: 'upload-link-invalid', message: 'gone' }), {
        status: 404,
      });
    await renderPage(() => <UploadPage secret={SECRET} />);
    expect(
      await screen.findByText('ลิงก์อัปโหลดนี้ใช้ไม่ได้ (หมดอายุหรือถูกยกเลิก) กรุณาขอลิงก์ใหม่จากร้าน'),
    ).toBeInTheDocument();
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  it('speaks English', async () => {
    await renderPage(() => <UploadPage secret={SECRET} />, { language: 'en' });
    expect(
      await screen.findByRole('heading', { name: 'Upload photos: Bangkok City Marathon 2026' }),
    ).toBeVisible();
    expect(screen.getByText(/Photographer 7 · this link works until/)).toBeInTheDocument();
    choose([jpeg('a.jpg')]);
    await waitFor(() => expect(screen.getByText('1 of 1 file sent')).toBeInTheDocument());
  });
});
