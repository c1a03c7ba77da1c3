import { describe, expect, it } from 'vitest';
import { inquiry, paidImage, paidInquiry } from './order-test-data';
import { canDownloadLogos, orderView } from './order-view';

const thumb = (eventKey: string, file: string) => `/storage/${eventKey}/thumbnail/${file}`;

describe('orderView', () => {
  it('a waiting PromptPay order on GBP draws its payload, with the ordered thumbnails', () => {
    const view = orderView(inquiry(), thumb);
    expect(view).toMatchObject({
      kind: 'waiting-payment',
      amount: '126.00',
      prompt: { kind: 'qr-payload', payload: inquiry().qrcode_url },
    });
    if (view.kind !== 'waiting-payment') throw new Error(view.kind);
    expect(view.images.map((i) => i.thumbnail)).toEqual([
      '/storage/run/thumbnail/p1.jpg',
      '/storage/run/thumbnail/p2.jpg',
    ]);
  });

  it('an OPN order shows the gateway QR image; a card order PAY NOW; a missing QR says so', () => {
    const url = 'https://api.omise.co/charges/chrg_1/documents/qr.svg';
    expect(orderView(inquiry({ payment_gateway: 'OPN', qrcode_url: url }), thumb)).toMatchObject({
      prompt: { kind: 'qr-image', url },
    });
    expect(orderView(inquiry({ payment_channel: 'CC', qrcode_url: '' }), thumb)).toMatchObject({
      prompt: { kind: 'card' },
    });
    expect(orderView(inquiry({ qrcode_url: ' ' }), thumb)).toMatchObject({ prompt: { kind: 'none' } });
  });

  it('an AM order waits for approval with its earlier order reference and mobile', () => {
    const view = orderView(
      inquiry({ payment_channel: 'AM', qrcode_url: '', am_order_ref: 'ORDER-1' }),
      thumb,
    );
    expect(view).toMatchObject({
      kind: 'waiting-approval',
      amount: '126.00',
      mobile: '0812345678',
      previousOrderRef: 'ORDER-1',
    });
  });

  it('a PAID order lists its paid images; FREE is marked and never offers logos', () => {
    const images = [paidImage(1), paidImage(2)];
    const paid = orderView(paidInquiry(images), thumb);
    expect(paid).toEqual({
      kind: 'paid',
      free: false,
      refunded: false,
      originalsReady: true,
      logosReady: true,
      images,
      eventKey: 'run',
      finisherCards: false,
    });
    if (paid.kind !== 'paid') throw new Error(paid.kind);
    expect(canDownloadLogos(paid)).toBe(true);
    // The event's results are in: each photo offers a finisher card.
    expect(orderView(paidInquiry(images, { finisher_cards: 'Y' }), thumb)).toMatchObject({
      finisherCards: true,
    });

    const free = orderView(paidInquiry(images, { payment_channel: 'FREE', amount: '0.00' }), thumb);
    if (free.kind !== 'paid') throw new Error(free.kind);
    expect(free.free).toBe(true);
    expect(canDownloadLogos(free)).toBe(false);

    const refunded = orderView(paidInquiry([], { is_refunded: 'Y', images_paid: '[]' }), thumb);
    expect(refunded).toMatchObject({ kind: 'paid', refunded: true, images: [] });

    const preparing = orderView(paidInquiry(images, { is_logo_image_created: 'N' }), thumb);
    if (preparing.kind !== 'paid') throw new Error(preparing.kind);
    expect(canDownloadLogos(preparing)).toBe(false);
  });

  it('malformed or missing image lists count as no images (expired)', () => {
    expect(orderView(inquiry({ images_order: 'not json' }), thumb)).toMatchObject({ images: [] });
    expect(orderView(inquiry({ images_order: '[{"x":1}]' }), thumb)).toMatchObject({ images: [] });
    expect(orderView(paidInquiry([], { images_paid: null }), thumb)).toMatchObject({ images: [] });
  });

  it('a waiting order offers the sandbox only in the sandbox, and nothing to pay once its photos expired', () => {
    expect(orderView(inquiry({ payment_gateway: 'SANDBOX' }), thumb)).toMatchObject({
      kind: 'waiting-payment',
      sandbox: true,
      endOfSale: false,
      prompt: { kind: 'qr-payload' },
    });
    expect(orderView(inquiry(), thumb)).toMatchObject({ sandbox: false });
    const failed = orderView(inquiry({ payment_failure: 'declined' }), thumb);
    expect(failed).toMatchObject({ failure: 'declined' });
    for (const expired of [inquiry({ is_expired: 'Y' }), inquiry({ images_order: '[]' })]) {
      expect(orderView(expired, thumb)).toMatchObject({ endOfSale: true, prompt: { kind: 'none' } });
    }
  });
});
