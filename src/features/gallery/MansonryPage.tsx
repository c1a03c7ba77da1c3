// The mansonry route (SPEC §2): a static demo of the masonry gallery with fixed sample images.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { type GalleryPhoto, MasonryGallery } from './MasonryGallery';
import { MANSONRY_SAMPLES, mansonryImageUrl } from './mansonry-samples';

export function MansonryPage() {
  const { t } = useLingui();
  usePageTitle(t`ตัวอย่างแกลเลอรีภาพ`);
  const photos = useMemo<GalleryPhoto[]>(
    () =>
      MANSONRY_SAMPLES.map((image, i) => {
        const url = mansonryImageUrl(image);
        const number = i + 1;
        const total = MANSONRY_SAMPLES.length;
        return {
          key: image.file,
          thumbnail: url,
          preview: url,
          width: image.width,
          height: image.height,
          alt: t`ภาพตัวอย่าง ${number} จาก ${total}`,
        };
      }),
    [t],
  );
  return (
    <section className="static-page mansonry-page">
      <h1>
        <Trans>ตัวอย่างแกลเลอรีภาพ</Trans>
      </h1>
      <p className="lead">
        <Trans>ภาพตัวอย่างจัดเรียงแบบก่ออิฐ จำนวนคอลัมน์ปรับตามความกว้างของหน้าจอ แตะภาพเพื่อดูขนาดใหญ่</Trans>
      </p>
      <MasonryGallery photos={photos} label={t`ภาพตัวอย่าง`} />
    </section>
  );
}
