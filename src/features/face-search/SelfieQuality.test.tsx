// The selfie's own quality and the second selfie: a selfie the store finds poor is explained before any search, with
// "another photo" and "search anyway"; results mostly "maybe you" offer a second selfie searched with the first.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FaceSearchAnswer } from '../../../core/contract/facesearch';
import { changeField } from '../../test/change-field';
import {
  fakeApi,
  jpegFile,
  photo,
  picker,
  preparePanelTests,
  renderPanel,
  reply,
  SEARCH_ID,
} from './panel-test-kit';

const compressSelfie = vi.hoisted(() => vi.fn());
vi.mock('./compress-selfie', () => ({ compressSelfie }));

preparePanelTests(compressSelfie);

const tiered = (mine: number[], maybe: number[]): FaceSearchAnswer => ({
  status: 'success',
  image_length: mine.length,
  images: mine.map((id) => photo(id)),
  avg_price: '60.00',
  ...(maybe.length > 0 ? { maybe_images: maybe.map((id) => photo(id)) } : {}),
});

const poor = (problem: string, th: string) =>
  reply(422, {
    status: 'error',
    message: `poor selfie: ${problem}`,
    message_th: th,
    code: `selfie-${problem}`,
    field: 'file_location',
  });

const searches = (calls: { url: string; body: unknown }[]) =>
  calls.filter((c) => c.url.endsWith('/v2/facesearch')).map((c) => c.body as Record<string, unknown>);

describe("the selfie's quality", () => {
  it('says what is wrong with a poor selfie and what to do, before any search; the runner may search anyway', async () => {
    const answers = [poor('dark', 'มืด'), reply(200, tiered([4, 5], []))];
    const calls = fakeApi({ search: () => answers.shift() as Response });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    expect(
      await screen.findByText('รูปนี้มืดเกินกว่าจะเห็นใบหน้าชัด ถ่ายเซลฟี่ในที่ที่มีแสงสว่างมากขึ้น จะพบรูปของคุณได้ครบกว่า'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('poor-selfie')).toHaveAttribute('data-problem', 'dark');
    // No error message and no results: the store searched nothing.
    expect(screen.queryByText(/เกิดข้อผิดพลาด/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('เลือกรูปอื่น')).toBeInTheDocument();
    expect(searches(calls)).toHaveLength(1);
    expect(searches(calls)[0]).not.toHaveProperty('search_anyway');

    fireEvent.click(screen.getByRole('button', { name: 'ค้นหาด้วยรูปนี้ต่อ' }));
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.queryByTestId('poor-selfie')).not.toBeInTheDocument();
    expect(searches(calls)[1]).toMatchObject({ search_id: SEARCH_ID, search_anyway: true });
  });

  it('searches another photo chosen instead, as a new search', async () => {
    const answers = [poor('turned', 'หัน'), reply(200, tiered([7], []))];
    const calls = fakeApi({ search: () => answers.shift() as Response });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    expect(await screen.findByText(/ใบหน้าในรูปนี้หันออกจากกล้อง/)).toBeInTheDocument();
    changeField(screen.getByLabelText('เลือกรูปอื่น'), { target: { files: [jpegFile('front.jpg')] } });
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(searches(calls)[1]).not.toHaveProperty('search_anyway');
  });
});

describe('a second selfie for surer results', () => {
  it('is offered when the results are mostly "maybe you", and searches both selfies together', async () => {
    const answers = [reply(200, tiered([1], [2, 3, 4])), reply(200, tiered([2, 3, 4], [9]))];
    const calls = fakeApi({ search: () => answers.shift() as Response });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    expect(await screen.findByRole('heading', { name: 'ไม่แน่ใจว่ารูปเหล่านี้คือคุณ?' })).toBeInTheDocument();
    changeField(screen.getByLabelText('เลือกเซลฟี่อีกรูป'), { target: { files: [jpegFile('side.jpg')] } });
    expect(await screen.findByRole('heading', { name: 'พบ 3 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.getByTestId('two-selfies-note')).toHaveTextContent('ค้นหาด้วยเซลฟี่ทั้งสองรูปของคุณแล้ว');
    // The first selfie (kept in memory from its search) was uploaded again beside the new one, and named as second.
    expect(searches(calls)[1]).toMatchObject({
      second: { search_id: SEARCH_ID, file_location: `private/selfies/event-1/${SEARCH_ID}.jpg` },
    });
    expect(calls.filter((c) => c.url.endsWith('/v2/facesearch/sign'))).toHaveLength(3);
    // Once searched with two selfies, not offered again.
    expect(screen.queryByTestId('surer-search')).not.toBeInTheDocument();
  });

  it('is not offered when most photos are photos of you', async () => {
    fakeApi({ search: () => reply(200, tiered([1, 2], [3])) });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('surer-search')).not.toBeInTheDocument());
  });
});
