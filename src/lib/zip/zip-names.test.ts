import { describe, expect, it } from 'vitest';
import { progressText, zipEntryName, zipEntryNames, zipFileName } from './zip-names';

describe('zip names', () => {
  it('names a file {photographer_id}_{original_file_name}, or the original name, or IMAGE_{n}.jpg', () => {
    expect(zipEntryName({ photographer_id: 12, original_file_name: 'DSC_1.JPG' }, 1, 'original')).toBe(
      '12_DSC_1.JPG',
    );
    expect(zipEntryName({ original_file_name: 'DSC_1.JPG' }, 1, 'original')).toBe('DSC_1.JPG');
    expect(zipEntryName({ photographer_id: 12, original_file_name: '' }, 3, 'original')).toBe('IMAGE_3.jpg');
  });

  it('prefixes logo files with logo_ and keeps names inside the zip', () => {
    expect(zipEntryName({ photographer_id: 3, original_file_name: 'a.jpg' }, 1, 'logo')).toBe('logo_3_a.jpg');
    expect(zipEntryName({ original_file_name: '../../etc/x.jpg' }, 1, 'original')).toBe('x.jpg');
  });

  it('drops characters that disguise a name (right-to-left override, isolates)', () => {
    expect(
      zipEntryName({ photographer_id: 7, original_file_name: 'IMG_1\u202egpj.exe' }, 1, 'original'),
    ).toBe('7_IMG_1gpj.exe');
  });

  it('numbers later duplicates', () => {
    const images = [
      { photographer_id: 1, original_file_name: 'a.jpg' },
      { photographer_id: 1, original_file_name: 'A.JPG' },
      { photographer_id: 1, original_file_name: 'a.jpg' },
    ];
    expect(zipEntryNames(images, 'original')).toEqual(['1_a.jpg', '1_A (2).JPG', '1_a (3).jpg']);
  });

  it('names the zip {q}.zip or {q}-logo.zip', () => {
    expect(zipFileName('abc', 'original')).toBe('abc.zip');
    expect(zipFileName('abc', 'logo')).toBe('abc-logo.zip');
  });

  it('shows progress as a whole percent with 2 decimals', () => {
    expect(progressText(0, 3)).toBe('0.00');
    expect(progressText(1, 3)).toBe('33.00');
    expect(progressText(2, 3)).toBe('67.00');
    expect(progressText(3, 3)).toBe('100.00');
    expect(progressText(0, 0)).toBe('0.00');
  });
});
