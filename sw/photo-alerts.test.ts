import { describe, expect, it, vi } from 'vitest';
import { alertOfPush, notificationOf, openAt, tappedUrl } from './photo-alerts';

const ORIGIN = 'https://photos.example';
const PAYLOAD = {
  title: '2 new photos of you at Live run',
  body: 'Tap to see them',
  url: '/live-run?alert=abcdefghijklmnopqrstuvwxyz012345',
  tag: 'photo-alert-4',
  photos: 2,
};

describe('a push message of new photos', () => {
  it('is shown with its link kept; what is not ours is not shown', () => {
    const alert = alertOfPush({ json: () => PAYLOAD });
    expect(alert).toEqual(PAYLOAD);
    expect(notificationOf(PAYLOAD)).toEqual([
      PAYLOAD.title,
      expect.objectContaining({ body: PAYLOAD.body, tag: PAYLOAD.tag, data: { url: PAYLOAD.url } }),
    ]);
    expect(alertOfPush(null)).toBeUndefined();
    expect(alertOfPush({ json: () => ({ title: 'hi' }) })).toBeUndefined();
    expect(
      alertOfPush({
        json: () => {
          throw new SyntaxError('not JSON');
        },
      }),
    ).toBeUndefined();
  });

  it('a tap opens its link on this origin only', () => {
    expect(tappedUrl({ url: PAYLOAD.url }, ORIGIN)).toBe(`${ORIGIN}${PAYLOAD.url}`);
    expect(tappedUrl({ url: 'https://evil.example/phish' }, ORIGIN)).toBe(`${ORIGIN}/`);
    expect(tappedUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('takes a window of the app there (even where it may not be brought forward), or opens one', async () => {
    const navigate = vi.fn(async () => undefined);
    const focus = vi.fn(async () => {
      throw new Error('Not allowed to focus a window');
    });
    const openWindow = vi.fn(async () => undefined);
    const windows = [
      { url: 'https://other.example/', focus, navigate },
      { url: `${ORIGIN}/cart`, focus, navigate },
    ];
    await openAt({ matchAll: async () => windows, openWindow }, `${ORIGIN}/live-run`, ORIGIN);
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/live-run`);
    expect(openWindow).not.toHaveBeenCalled();
    await openAt({ matchAll: async () => [], openWindow }, `${ORIGIN}/live-run`, ORIGIN);
    expect(openWindow).toHaveBeenCalledWith(`${ORIGIN}/live-run`);
  });
});
