// Test data: inquiry answers as the server gives them, for the order page's tests.
import type { Inquiry, PaidImage } from '../../../core/contract/order';

export const ORDER_UUID = '257202ad-7919-4f9e-bc66-c65a0ca43e30';

export const paidImage = (i: number, overrides: Partial<PaidImage> = {}): PaidImage => ({
  id: i,
  image: `/storage/private/run/original/p${i}.jpg?expires=1&sig=a`,
  image_logo: `/storage/private/run/logo/p${i}.jpg?expires=1&sig=b`,
  image_thumbnail: `/storage/run/thumbnail/p${i}.jpg`,
  original_file_name: `DSC_${1000 + i}.JPG`,
  photographer_id: 7,
  ...overrides,
});

export const inquiry = (overrides: Partial<Inquiry> = {}): Inquiry => ({
  payment_status: 'INITIAL',
  mobile: '0812345678',
  email: '',
  amount: '126.00',
  is_original_image_created: 'N',
  is_logo_image_created: 'N',
  is_send_sms: 'N',
  is_send_email: 'N',
  event_key: 'run',
  payment_gateway: 'GBP',
  payment_channel: 'PP',
  qrcode_url: '00020101021229370016A000000677010111011300668123456785802TH53037645406126.006304FD26',
  am_order_ref: '',
  images_order: JSON.stringify([
    { thumbnail_file_name: 'p1.jpg', original_file_name: 'DSC_1001.JPG' },
    { thumbnail_file_name: 'p2.jpg', original_file_name: 'DSC_1002.JPG' },
  ]),
  images_paid: null,
  ...overrides,
});

export const paidInquiry = (images: PaidImage[], overrides: Partial<Inquiry> = {}): Inquiry =>
  inquiry({
    payment_status: 'PAID',
    is_original_image_created: 'Y',
    is_logo_image_created: 'Y',
    images_paid: JSON.stringify(images),
    ...overrides,
  });
