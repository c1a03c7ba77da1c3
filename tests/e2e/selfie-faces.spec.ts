// A selfie with several faces on a runner's phone (360 and 390 px, Thai and English), on the demo event with real
// indexing: face-api's sample1 (three people, faces about 160 px high) shows the runner's own selfie with its three
// faces outlined, the searched (largest) one pressed; tapping (or Enter on) another face searches again with that
// face cut out of the selfie, and the picker stays with that face pressed. Screenshots go to test-results/screens/.
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { demoSelfieJpeg, faceApiSample } from '../demo-selfie';
import { DEMO_EVENT as EVENT, onConsentedPhone, waitForDemoIndexed } from './demo-search';

const words = {
  th: {
    picker: 'เลือกรูปเซลฟี่',
    face: (n: number) => `ใบหน้าที่ ${n}`,
    faces: (count: number, chosen: number) => `รูปนี้มี ${count} ใบหน้า ระบบค้นหาด้วยใบหน้าที่ ${chosen}`,
    hint: 'แตะใบหน้าของคุณเพื่อค้นหาด้วยใบหน้านั้น',
    photo: 'รูปเซลฟี่ของคุณ',
    answered: /^พบ \d+ รูปที่ตรงกับใบหน้าของคุณ$|ไม่พบรูปภาพ/,
  },
  en: {
    picker: 'Choose a selfie',
    face: (n: number) => `Face ${n}`,
    faces: (count: number, chosen: number) => `This photo has ${count} faces; the search used face ${chosen}`,
    hint: 'Tap your face to search with it',
    photo: 'Your selfie',
    answered: /^Found \d+ photos? matching your face$|Can't find the picture/,
  },
} as const;

test.use({ serviceWorkers: 'block' });
let groupFile = '';

test.beforeAll(async ({ request }) => {
  test.setTimeout(480_000);
  groupFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'selfie-faces-')), 'friends.jpg');
  await writeFile(groupFile, await sharp(faceApiSample(1)).jpeg().toBuffer());
  await waitForDemoIndexed(request, await demoSelfieJpeg());
});

for (const width of [360, 390] as const) {
  for (const language of ['th', 'en'] as const) {
    const w = words[language];

    test(`a selfie of three people: the runner picks their own face (${width} px, ${language})`, async ({
      page,
    }) => {
      await onConsentedPhone(page, width, language);
      // The sizes of the selfies sent (the uploads' bodies, in order).
      await page.addInitScript(() => {
        const sizes: number[] = [];
        (window as unknown as { uploadSizes: number[] }).uploadSizes = sizes;
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (body) {
          if (body instanceof Blob) sizes.push(body.size);
          return send.call(this, body);
        };
      });
      const searches = () =>
        page.waitForResponse(
          (r) => r.url().endsWith('/api/v2/facesearch') && r.request().method() === 'POST',
        );
      await page.goto(`/${EVENT}`);
      const firstSearch = searches();
      await page.getByLabel(w.picker).setInputFiles(groupFile);
      const first = await (await firstSearch).json();
      expect(first).toMatchObject({ status: 'success', selfie_faces: 3 });
      const boxes = first.selfie_boxes as { x: number }[];
      expect(boxes).toHaveLength(3);
      // The faces are numbered left to right; the searched one (the largest, first in the answer) is pressed. The
      // three are about the same size: which is largest depends on the selfie's compression on the phone.
      const numberOf = (i: number) => 1 + boxes.filter((b) => b.x < (boxes[i]?.x ?? 0)).length;
      const searched = numberOf(0);
      const other = searched === 1 ? 3 : 1;

      const picker = page.getByTestId('selfie-faces');
      await expect(picker).toBeVisible({ timeout: 30_000 });
      await expect(picker).toContainText(w.faces(3, searched));
      await expect(picker).toContainText(w.hint);
      await expect(picker.getByRole('img', { name: w.photo })).toBeVisible();
      const faces = picker.getByRole('button', { name: /^(ใบหน้าที่|Face) \d$/ });
      await expect(faces).toHaveCount(3);
      for (const n of [1, 2, 3])
        await expect(picker.getByRole('button', { name: w.face(n), exact: true })).toHaveAttribute(
          'aria-pressed',
          String(n === searched),
        );
      // Each face's box sits inside the selfie shown, and the picker fits the phone (nothing scrolls sideways).
      const photo = await picker.getByRole('img', { name: w.photo }).boundingBox();
      for (let i = 0; i < 3; i++) {
        const box = await faces.nth(i).boundingBox();
        expect(box && photo && box.x >= photo.x - 1 && box.x + box.width <= photo.x + photo.width + 1).toBe(
          true,
        );
        expect(box && box.width >= 24 && box.height >= 24).toBe(true);
      }
      const pickerBox = await picker.boundingBox();
      expect((pickerBox?.x ?? 0) + (pickerBox?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await picker.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screens/selfie-faces-${width}-${language}.png` });

      // Another face: tapped in Thai, chosen with the keyboard in English.
      const again = searches();
      const tapped = picker.getByRole('button', { name: w.face(other), exact: true });
      if (language === 'th') await tapped.click();
      else {
        await tapped.focus();
        await page.keyboard.press('Enter');
      }
      const second = await (await again).json();
      expect(second.status).toBe('success');
      await expect(page.getByText(w.answered).first()).toBeVisible({ timeout: 30_000 });
      await expect(tapped).toHaveAttribute('aria-pressed', 'true');
      await expect(picker.getByRole('button', { name: w.face(searched), exact: true })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      await expect(picker).toContainText(w.faces(3, other));
      // What was searched is the tapped face cut out of the selfie: a far smaller picture, of one face.
      const [whole, cut] = await page.evaluate(
        () => (window as unknown as { uploadSizes: number[] }).uploadSizes,
      );
      expect(cut ?? 0).toBeGreaterThan(0);
      expect(cut ?? 0).toBeLessThan((whole ?? 0) / 3);
      expect(second.selfie_faces).toBe(1);
      await page.screenshot({ path: `test-results/screens/selfie-faces-picked-${width}-${language}.png` });
    });
  }
}
