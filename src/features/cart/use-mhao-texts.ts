// The unlimited (mhao) package's alerts and questions (SPEC §4, §8), for the cart pages and the buy-all buttons.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MhaoRefusal } from './mhao';

export function useMhaoTexts() {
  const { t } = useLingui();
  return {
    /** The alert for a refused choice or cancel. */
    refusal: (refusal: MhaoRefusal): string =>
      refusal === 'no-latest-results'
        ? t`ไม่สามารถทำรายการได้ เนื่องจากเราต้องการให้นักวิ่งได้ซื้อรูปในราคาที่ถูกที่สุด กรุณาลบรูปที่ไม่ต้องการออก หรือค้นหารูปใหม่อีกครั้ง`
        : t`ไม่มีรายการรูปเดิมก่อนเลือกแพ็กเกจเหมาให้ย้อนกลับ กรุณาลบรูปที่ไม่ต้องการออก หรือค้นหารูปใหม่อีกครั้ง`,
    /** Asked before choosing the package on the cart page. */
    confirmChoose: (count: number): string =>
      plural(count, {
        one: 'ต้องการเลือกแพ็กเกจเหมาใช่หรือไม่ ระบบจะเพิ่มรูปจากผลการค้นหาล่าสุด # รูปลงในตะกร้า',
        other: 'ต้องการเลือกแพ็กเกจเหมาใช่หรือไม่ ระบบจะเพิ่มรูปจากผลการค้นหาล่าสุด # รูปลงในตะกร้า',
      }),
    /** Asked before a new face search on an mhao event with photos in the cart. */
    confirmNewSearch: t`การค้นหาใหม่จะลบรูปทั้งหมดในตะกร้า ต้องการค้นหาใหม่ใช่หรือไม่`,
  };
}
