// The selfie checks of SPEC §5 before anything is sent: jpeg or png only (by the file's declared type or name, and
// by its first bytes, so a renamed text file or a GIF is refused), and the 5 MB rule, which on this newer flow
// only warns: the photo is compressed on the device anyway.
import { UPLOAD_ACCEPTED_TYPES, UPLOAD_MAX_BYTES } from '../../../core/constants';

/** A chosen file that passed the checks, to search with: `oversize`, 5 MB or more (the size warning shows). */
export interface CheckedSelfie {
  readonly file: File;
  readonly oversize: boolean;
}

export type SelfieCheck = { ok: true; selfie: CheckedSelfie } | { ok: false; reason: 'wrong-type' };

/** The picker's accept list (SPEC §5: the picker accepts png/jpeg). */
export const ACCEPT_ATTRIBUTE = UPLOAD_ACCEPTED_TYPES.join(',');

const acceptedName = /\.(jpe?g|png)$/i;

/** The declared type, or the name when the browser gives no type (some Android pickers). */
export function declaresJpegOrPng(file: { type: string; name: string }): boolean {
  if (file.type)
    return (UPLOAD_ACCEPTED_TYPES as readonly string[]).includes(file.type) || file.type === 'image/jpg';
  return acceptedName.test(file.name);
}

/** What the first bytes say the file is: a JPEG (FF D8 FF), a PNG (89 'PNG' CR LF 1A LF), or something else. */
export function sniffImage(head: Uint8Array): 'jpeg' | 'png' | 'other' {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'png';
  return 'other';
}

export const isOversize = (size: number): boolean => size >= UPLOAD_MAX_BYTES;

/** Reads the first bytes of a Blob (FileReader: jsdom's Blob has no arrayBuffer on every version). */
function readHead(file: Blob, bytes: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, bytes));
  });
}

export async function checkSelfieFile(file: File): Promise<SelfieCheck> {
  if (!declaresJpegOrPng(file) || file.size === 0) return { ok: false, reason: 'wrong-type' };
  const head = await readHead(file, 8).catch(() => new Uint8Array());
  if (sniffImage(head) === 'other') return { ok: false, reason: 'wrong-type' };
  return { ok: true, selfie: { file, oversize: isOversize(file.size) } };
}
