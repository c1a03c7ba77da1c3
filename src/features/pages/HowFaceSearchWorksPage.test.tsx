import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render-page';
import { FACE_SEARCH_FIGURES } from './face-search-figures';
import { HowFaceSearchWorksPage } from './HowFaceSearchWorksPage';

describe('How face search works', () => {
  it('says what is computed, what is kept and for how long, and the measured accuracy, in Thai', async () => {
    await renderPage(HowFaceSearchWorksPage, { language: 'th' });
    expect(screen.getByRole('heading', { level: 1, name: 'การค้นหาด้วยใบหน้าทำงานอย่างไร' })).toBeInTheDocument();
    expect(screen.getByText(/แปลงเป็นชุดตัวเลข 128 ตัว/)).toBeInTheDocument();
    expect(
      screen.getByText('รูปเซลฟี่ถูกลบออกจากระบบทันทีที่ค้นหาเสร็จ และไม่เกิน 60 วินาทีหลังอัปโหลด'),
    ).toBeInTheDocument();
    expect(screen.getByText(/ประมาณ 35 วันหลังวันจัดงาน/)).toBeInTheDocument();
    expect(screen.getByText(/ไม่เกิน 4 วินาที/)).toBeInTheDocument();
    expect(screen.getByText(/\(40 รูปใบหน้าของ 8 คน\)/)).toBeInTheDocument();
    expect(screen.getAllByText(/ในภาพฝูงชน 12 ล้านพิกเซล/)).toHaveLength(FACE_SEARCH_FIGURES.crowd.length);
  });

  it('reads the same in English, with the figures as percentages', async () => {
    await renderPage(HowFaceSearchWorksPage, { language: 'en' });
    expect(screen.getByRole('heading', { level: 1, name: 'How face search works' })).toBeInTheDocument();
    const { recall, precision } = FACE_SEARCH_FIGURES;
    expect(
      screen.getByText(
        `On our test set (40 face photos of 8 people), one selfie found ${recall * 100}% of the same person's other photos, and ${precision * 100}% of the photos it found showed that person`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'In 12-megapixel crowd photos with faces about 40 pixels wide: 100% of the runners found',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'terms of use and privacy policy' })).toHaveAttribute(
      'href',
      '/terms-of-use',
    );
  });
});
