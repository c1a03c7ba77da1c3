import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoCapture } from './photo-exif';

const jpeg = (ifd0: Record<string, string>, ifd2: Record<string, string>) =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#3a6ea5' } })
    .withExif({ IFD0: ifd0, IFD2: ifd2 })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe('what EXIF says of a photo’s taking', () => {
  it('keeps the sub-second of the capture time, so frames of a burst keep their order', async () => {
    const frame = (sub: string) =>
      jpeg({ Make: 'Canon' }, { DateTimeOriginal: '2026:11:15 06:42:10', SubSecTimeOriginal: sub });
    expect((await photoCapture(await frame('07'))).takenAt).toEqual(
      new Date('2026-11-15T06:42:10.070+07:00'),
    );
    expect((await photoCapture(await frame('7'))).takenAt).toEqual(new Date('2026-11-15T06:42:10.700+07:00'));
    expect((await photoCapture(await frame('x1'))).takenAt).toEqual(new Date('2026-11-15T06:42:10+07:00'));
  });

  it('names the camera by make, model and body serial, without repeating the make', async () => {
    const withSerial = await jpeg(
      { Make: 'Canon', Model: 'Canon EOS R6' },
      { DateTimeOriginal: '2026:11:15 06:42:10', BodySerialNumber: '0123456789' },
    );
    expect((await photoCapture(withSerial)).camera).toBe('Canon EOS R6 #0123456789');
    const noSerial = await jpeg({ Make: 'NIKON CORPORATION', Model: 'NIKON Z 6_2' }, {});
    expect(await photoCapture(noSerial)).toEqual({ camera: 'NIKON CORPORATION NIKON Z 6_2' });
    const controls = await jpeg({ Make: 'Sony\u0000\u202e', Model: ' ILCE-7M4 \n' }, {});
    expect((await photoCapture(controls)).camera).toBe('Sony ILCE-7M4');
  });

  it('says nothing for bytes without EXIF or not an image at all', async () => {
    const plain = new Uint8Array(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    expect(await photoCapture(plain)).toEqual({ camera: '' });
    expect(await photoCapture(new TextEncoder().encode('not an image'))).toEqual({ camera: '' });
  });
});
