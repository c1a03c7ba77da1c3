// A selfie with several faces: the runner sees their selfie with its faces outlined, the searched one marked, and a
// tap on another face searches again with that face cut out of the selfie (a new run), the picker staying.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaceBox, FaceSearchAnswer } from '../../../core/contract/facesearch';
import { changeField } from '../../test/change-field';
import { fakeApi, jpegFile, photo, picker, preparePanelTests, renderPanel, reply } from './panel-test-kit';
import { faceNumbers } from './SelfieFaces';

const compressSelfie = vi.hoisted(() => vi.fn());
vi.mock('./compress-selfie', () => ({ compressSelfie }));
const cropFace = vi.hoisted(() => vi.fn());
vi.mock('./crop-face', () => ({ cropFace }));

/** The selfie as compressed on the device (what the picker shows and the faces are cut from). */
const compressed = new Blob([new Uint8Array(1024)], { type: 'image/jpeg' });

preparePanelTests();
beforeEach(() => {
  compressSelfie.mockReset();
  compressSelfie.mockImplementation(async (file: File) => (file.name === 'selfie.jpg' ? compressed : file));
  cropFace.mockReset();
  cropFace.mockImplementation(async (_selfie: Blob, _box: FaceBox, name: string) => jpegFile(name));
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:selfie');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

// sample1's three runners as the store answers them: the largest (right-hand) first.
const RIGHT = { x: 0.74, y: 0.17, width: 0.15, height: 0.21 };
const MIDDLE = { x: 0.41, y: 0.35, width: 0.16, height: 0.2 };
const LEFT = { x: 0.17, y: 0.3, width: 0.16, height: 0.19 };

const answer = (ids: number[], extra: Partial<FaceSearchAnswer> = {}): FaceSearchAnswer => ({
  status: 'success',
  image_length: ids.length,
  images: ids.map((id) => photo(id)),
  avg_price: '60.00',
  ...extra,
});

const searches = (calls: { url: string }[]) => calls.filter((c) => c.url.endsWith('/v2/facesearch'));

describe("a selfie's faces to pick from", () => {
  it('shows the selfie with its faces, the searched one pressed, and searches again with a face tapped', async () => {
    const answers = [
      reply(200, answer([4, 5], { selfie_faces: 3, selfie_boxes: [RIGHT, MIDDLE, LEFT] })),
      reply(200, answer([8], { selfie_faces: 1 })),
    ];
    const calls = fakeApi({ search: () => answers.shift() as Response });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });

    const faces = await screen.findByTestId('selfie-faces');
    expect(faces).toHaveTextContent('รูปนี้มี 3 ใบหน้า ระบบค้นหาด้วยใบหน้าที่ 3');
    expect(faces).toHaveTextContent('แตะใบหน้าของคุณเพื่อค้นหาด้วยใบหน้านั้น');
    // The runner's own selfie, as sent, under the boxes.
    // Its address is made in an effect, so the picture may come a render after the boxes.
    expect(await within(faces).findByRole('img', { name: 'รูปเซลฟี่ของคุณ' })).toHaveAttribute(
      'src',
      'blob:selfie',
    );
    expect(URL.createObjectURL).toHaveBeenCalledWith(compressed);
    // Numbered left to right, in that order for the keyboard; the largest (searched) one is the right-hand face.
    const buttons = within(faces).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['ใบหน้าที่ 1', 'ใบหน้าที่ 2', 'ใบหน้าที่ 3']);
    expect(buttons.map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true']);
    expect(buttons[2]).toHaveStyle({ left: '74%', top: '17%' });
    // The old words-only note is not shown beside it.
    expect(screen.queryByText(/ระบบค้นหาด้วยใบหน้าที่ใหญ่ที่สุดในรูป/)).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'พบ 2 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'ใบหน้าที่ 1' }));
    // The tapped face is cut out of the selfie as sent, and searched as a new run.
    await waitFor(() => expect(searches(calls)).toHaveLength(2));
    expect(cropFace).toHaveBeenCalledWith(compressed, LEFT, 'face-3.jpg');
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    // The picker stays on the first selfie, the tapped face now the one searched.
    const after = screen.getByTestId('selfie-faces');
    expect(after).toHaveTextContent('รูปนี้มี 3 ใบหน้า ระบบค้นหาด้วยใบหน้าที่ 1');
    expect(within(after).getByRole('button', { name: 'ใบหน้าที่ 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(after).getByRole('button', { name: 'ใบหน้าที่ 3' })).toHaveAttribute('aria-pressed', 'false');

    // Tapping the face already searched searches nothing.
    fireEvent.click(within(after).getByRole('button', { name: 'ใบหน้าที่ 1' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(searches(calls)).toHaveLength(2);
  });

  it('shows no picker for a selfie of one face, and another selfie ends the picker', async () => {
    const answers = [
      reply(200, answer([4, 5], { selfie_faces: 3, selfie_boxes: [RIGHT, MIDDLE, LEFT] })),
      reply(200, answer([6], { selfie_faces: 1 })),
    ];
    fakeApi({ search: () => answers.shift() as Response });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    expect(await screen.findByTestId('selfie-faces')).toBeInTheDocument();
    changeField(picker(), { target: { files: [jpegFile('alone.jpg')] } });
    expect(await screen.findByRole('heading', { name: 'พบ 1 รูปที่ตรงกับใบหน้าของคุณ' })).toBeInTheDocument();
    expect(screen.queryByTestId('selfie-faces')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^ใบหน้าที่/ })).not.toBeInTheDocument();
  });

  it('says in words that the largest face was searched when the store gives no boxes', async () => {
    fakeApi({ search: () => reply(200, answer([4], { selfie_faces: 2 })) });
    await renderPanel();
    changeField(picker(), { target: { files: [jpegFile()] } });
    expect(await screen.findByText(/รูปนี้มี 2 ใบหน้า ระบบค้นหาด้วยใบหน้าที่ใหญ่ที่สุดในรูป/)).toBeInTheDocument();
    expect(screen.queryByTestId('selfie-faces')).not.toBeInTheDocument();
  });
});

describe('faceNumbers', () => {
  it('numbers the faces left to right, then top to bottom', () => {
    expect(faceNumbers([RIGHT, MIDDLE, LEFT])).toEqual([3, 2, 1]);
    expect(
      faceNumbers([
        { x: 0.2, y: 0.5 },
        { x: 0.2, y: 0.1 },
      ]),
    ).toEqual([2, 1]);
  });
});
