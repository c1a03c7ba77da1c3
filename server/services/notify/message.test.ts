import { describe, expect, it } from 'vitest';
import { deliveryNotice } from './message';

describe('deliveryNotice', () => {
  it('writes the amount paid the way every page writes money', () => {
    const notice = deliveryNotice(
      { order_id: 'o-1', title: 'งานวิ่ง', amount: '1250.50', payment_channel: 'PP' },
      'https://shop.example',
      35,
    );
    expect(notice.text).toContain('ได้รับชำระเงิน ฿1,250.50 เรียบร้อยแล้ว');
    expect(notice.text).toContain('We received your payment of ฿1,250.50.');
    expect(notice.text).not.toMatch(/THB|บาท/);
    expect(notice.html).toContain('฿1,250.50');
  });
});
