import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BANNER_AUTOPLAY_MS } from '../../../core/constants';
import { renderPage } from '../../test/render-page';
import { BannerSlider } from './BannerSlider';

const banners = [
  { image_url: '/storage/banners/demo-1.jpg', link_url: '/bangkok-city-marathon-2026' },
  { image_url: '/storage/banners/demo-2.jpg', link_url: '/phuket-beach-run-2026' },
];

const currentDot = () =>
  document.querySelector('.banner-dots [aria-current="true"]')?.getAttribute('aria-label');

describe('BannerSlider', () => {
  afterEach(() => vi.useRealTimers());

  it('shows nothing without banners', async () => {
    await renderPage(() => <BannerSlider banners={[]} />);
    expect(document.querySelector('.banner-slider')).toBeNull();
  });

  it('advances every autoplay delay, loops, and moves with next and previous', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await renderPage(() => <BannerSlider banners={banners} />);
    expect(currentDot()).toBe('แสดงแบนเนอร์ 1');
    const img = document.querySelector('.banner-slide img');
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '450');
    act(() => {
      vi.advanceTimersByTime(BANNER_AUTOPLAY_MS);
    });
    expect(currentDot()).toBe('แสดงแบนเนอร์ 2');
    act(() => {
      vi.advanceTimersByTime(BANNER_AUTOPLAY_MS);
    });
    expect(currentDot()).toBe('แสดงแบนเนอร์ 1');
    fireEvent.click(screen.getByRole('button', { name: 'แบนเนอร์ก่อนหน้า' }));
    expect(currentDot()).toBe('แสดงแบนเนอร์ 2');
    fireEvent.click(screen.getByRole('button', { name: 'แบนเนอร์ถัดไป' }));
    expect(currentDot()).toBe('แสดงแบนเนอร์ 1');
  });

  it('pauses while hovered', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await renderPage(() => <BannerSlider banners={banners} />);
    fireEvent.mouseEnter(document.querySelector('.banner-slider') as Element);
    act(() => {
      vi.advanceTimersByTime(BANNER_AUTOPLAY_MS * 2);
    });
    expect(currentDot()).toBe('แสดงแบนเนอร์ 1');
  });
});
