import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { SaveToPhotos } from './SaveToPhotos';

const entries = Array.from({ length: 12 }, (_, i) => ({ name: `7_DSC_${i + 1}.JPG`, url: `/img/${i + 1}` }));
const jpeg = () =>
  new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { headers: { 'content-type': 'image/jpeg' } });

async function renderSave(
  share: (data: ShareData) => Promise<void>,
  fetchImpl: (url: string) => Promise<Response> = vi.fn(async () => jpeg()),
) {
  await renderPage(() => (
    <SaveToPhotos
      entries={entries}
      label="บันทึกภาพต้นฉบับลงแอปรูปภาพ"
      share={share}
      fetchImpl={fetchImpl as typeof fetch}
    />
  ));
  return fetchImpl;
}

describe('Save to Photos', () => {
  it('says why, prepares the first batch on opening, and shares each batch from its own tap', async () => {
    const shared: string[][] = [];
    const share = vi.fn(async (data: ShareData) => {
      shared.push((data.files ?? []).map((f) => f.name));
    });
    const fetchImpl = await renderSave(share);
    expect(fetchImpl).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกภาพต้นฉบับลงแอปรูปภาพ' }));
    expect(screen.getByText(/ไฟล์ zip จะถูกบันทึกไว้ในแอปไฟล์ ไม่ใช่แอปรูปภาพ/)).toBeInTheDocument();

    const first = await screen.findByRole('button', { name: 'บันทึกภาพที่ 1–10' });
    expect(fetchImpl).toHaveBeenCalledTimes(10);
    await act(async () => {
      fireEvent.click(first);
    });
    expect(shared).toEqual([entries.slice(0, 10).map((e) => e.name)]);
    expect(screen.getByRole('button', { name: 'บันทึกภาพที่ 1–10 แล้ว' })).toBeInTheDocument();

    // The next batch is prepared once the first is shared.
    const second = await screen.findByRole('button', { name: 'บันทึกภาพที่ 11–12' });
    await act(async () => {
      fireEvent.click(second);
    });
    expect(shared[1]).toEqual(['7_DSC_11.JPG', '7_DSC_12.JPG']);
  });

  it('keeps a batch ready when the share sheet is closed, and says so when sharing fails', async () => {
    const share = vi
      .fn<(data: ShareData) => Promise<void>>()
      .mockRejectedValueOnce(new DOMException('closed', 'AbortError'))
      .mockRejectedValueOnce(new DOMException('not allowed', 'NotAllowedError'));
    await renderSave(share);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกภาพต้นฉบับลงแอปรูปภาพ' }));
    const first = await screen.findByRole('button', { name: 'บันทึกภาพที่ 1–10' });
    await act(async () => {
      fireEvent.click(first);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'บันทึกภาพที่ 1–10' })).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(first);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('เปิดเมนูแชร์ไม่สำเร็จ กรุณาแตะอีกครั้ง');
  });

  it('offers to try a batch again when its photos cannot be fetched', async () => {
    const fetchImpl = vi.fn(async (_url: string) => new Response('expired', { status: 403 }));
    await renderSave(vi.fn(), fetchImpl);
    fireEvent.click(screen.getByRole('button', { name: 'บันทึกภาพต้นฉบับลงแอปรูปภาพ' }));
    const retry = await screen.findByRole('button', { name: 'เตรียมภาพที่ 1–10 ไม่สำเร็จ แตะเพื่อลองใหม่' });
    fetchImpl.mockImplementation(async () => jpeg());
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByRole('button', { name: 'บันทึกภาพที่ 1–10' })).toBeInTheDocument());
  });
});
