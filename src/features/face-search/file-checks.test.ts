// The selfie file checks of SPEC §5: jpeg or png by declared type (or name) and by content, and the 5 MB rule.
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../../core/constants';
import { ACCEPT_ATTRIBUTE, checkSelfieFile, declaresJpegOrPng, isOversize, sniffImage } from './file-checks';

const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46];
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const GIF_HEAD = [...'GIF89a'].map((c) => c.charCodeAt(0));

const file = (head: number[], name: string, type: string, size = head.length) => {
  const bytes = new Uint8Array(size);
  bytes.set(head.slice(0, size));
  return new File([bytes], name, { type });
};

describe('declaresJpegOrPng', () => {
  it('accepts jpeg and png types, and a jpg/png name when the type is missing', () => {
    expect(declaresJpegOrPng({ type: 'image/jpeg', name: 'a' })).toBe(true);
    expect(declaresJpegOrPng({ type: 'image/png', name: 'a' })).toBe(true);
    expect(declaresJpegOrPng({ type: 'image/jpg', name: 'a' })).toBe(true);
    expect(declaresJpegOrPng({ type: '', name: 'IMG_1.JPEG' })).toBe(true);
    expect(declaresJpegOrPng({ type: '', name: 'me.png' })).toBe(true);
  });
  it('refuses other types and names', () => {
    expect(declaresJpegOrPng({ type: 'image/gif', name: 'a.jpg' })).toBe(false);
    expect(declaresJpegOrPng({ type: 'image/heic', name: 'a.heic' })).toBe(false);
    expect(declaresJpegOrPng({ type: 'text/plain', name: 'a.txt' })).toBe(false);
    expect(declaresJpegOrPng({ type: '', name: 'a.gif' })).toBe(false);
  });
  it('matches the picker accept list', () => {
    expect(ACCEPT_ATTRIBUTE).toBe('image/jpeg,image/png');
  });
});

describe('sniffImage', () => {
  it('knows jpeg and png by their first bytes', () => {
    expect(sniffImage(new Uint8Array(JPEG_HEAD))).toBe('jpeg');
    expect(sniffImage(new Uint8Array(PNG_HEAD))).toBe('png');
    expect(sniffImage(new Uint8Array(GIF_HEAD))).toBe('other');
    expect(sniffImage(new TextEncoder().encode('hello world'))).toBe('other');
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBe('other');
    expect(sniffImage(new Uint8Array(PNG_HEAD.slice(0, 7)))).toBe('other');
  });
});

describe('isOversize', () => {
  it('is true from 5 MB on', () => {
    expect(isOversize(UPLOAD_MAX_BYTES - 1)).toBe(false);
    expect(isOversize(UPLOAD_MAX_BYTES)).toBe(true);
  });
});

describe('checkSelfieFile', () => {
  it('accepts a jpeg and a png, flagging 5 MB or more as oversize', async () => {
    const accepted = async (name: string, head: number[], type: string, size?: number) => {
      const chosen = file(head, name, type, size);
      expect(await checkSelfieFile(chosen)).toEqual({
        ok: true,
        selfie: { file: chosen, oversize: size !== undefined },
      });
    };
    await accepted('me.jpg', JPEG_HEAD, 'image/jpeg');
    await accepted('me.png', PNG_HEAD, 'image/png');
    await accepted('big.jpg', JPEG_HEAD, 'image/jpeg', UPLOAD_MAX_BYTES);
  });
  it('refuses a text file renamed .jpg, a gif, a gif named .jpg and an empty file', async () => {
    const wrong = { ok: false, reason: 'wrong-type' };
    expect(await checkSelfieFile(new File(['not a photo'], 'notes.jpg', { type: 'image/jpeg' }))).toEqual(
      wrong,
    );
    expect(await checkSelfieFile(file(GIF_HEAD, 'anim.gif', 'image/gif'))).toEqual(wrong);
    expect(await checkSelfieFile(file(GIF_HEAD, 'anim.jpg', 'image/jpeg'))).toEqual(wrong);
    expect(await checkSelfieFile(new File([], 'empty.jpg', { type: 'image/jpeg' }))).toEqual(wrong);
  });
});
