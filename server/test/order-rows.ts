// An order row for tests that write orders straight into the database (the job and crash tests): a PromptPay order
// of the sandbox gateway made through API v3, with the fields a test cares about given.
import type { NewOrder } from '../db/orders-repo';

export const orderRow = (
  given: Pick<NewOrder, 'order_id' | 'event_id' | 'amount'> & Partial<NewOrder>,
): NewOrder => ({
  mobile: '0812345678',
  email: '',
  payment_currency: 'THB',
  payment_gateway: 'sandbox',
  payment_channel: 'PP',
  qrcode_url: '',
  is_mhao: false,
  order_team: '',
  coupon_code: '',
  am_order_ref: '',
  api_version: 3,
  idempotency_key: null,
  created_at: new Date(),
  paid_at: null,
  ...given,
});
