import { describe, expect, it } from 'vitest';
import { addressLabel, eventAddress, qrFileName, qrImageLayout } from './qr-layout';

describe('qrImageLayout', () => {
  it('makes a 1000 px wide image with the code on top and a text band of 60 px under it', () => {
    const layout = qrImageLayout({ withLogo: false });
    expect(layout.width).toBe(1000);
    expect(layout.qr).toEqual({ x: 0, y: 0, size: 1000 });
    expect(layout.height).toBe(1060);
    expect(layout.text).toEqual({ x: 500, y: 1030, maxWidth: 920, px: 30 });
  });

  it('has no logo in the text-only image', () => {
    const layout = qrImageLayout({ withLogo: false });
    expect(layout.logo).toBeNull();
    expect(layout.logoBackdrop).toBeNull();
  });

  it('centres a logo of 15% of the width on the code', () => {
    const { logo, logoBackdrop, qr } = qrImageLayout({ withLogo: true });
    expect(logo).toEqual({ x: 425, y: 425, size: 150 });
    if (!logo || !logoBackdrop) throw new Error('logo expected');
    expect(logo.x + logo.size / 2).toBe(qr.size / 2);
    expect(logo.y + logo.size / 2).toBe(qr.size / 2);
    // The white backdrop is centred too and surrounds the logo.
    expect(logoBackdrop.x + logoBackdrop.size / 2).toBe(qr.size / 2);
    expect(logoBackdrop.x).toBeLessThan(logo.x);
    expect(logoBackdrop.x + logoBackdrop.size).toBeGreaterThan(logo.x + logo.size);
  });

  it('keeps the same proportions at another size and text height', () => {
    const layout = qrImageLayout({ withLogo: true, size: 300, textPx: 12 });
    expect(layout.logo).toEqual({ x: 128, y: 128, size: 45 });
    expect(layout.height).toBe(324);
    expect(layout.text.y).toBe(312);
  });
});

describe('event address, label and file names', () => {
  it('appends the event key to the origin', () => {
    expect(eventAddress('https://runfoto.example', 'bangkok-2026')).toBe(
      'https://runfoto.example/bangkok-2026',
    );
    expect(eventAddress('http://localhost:8181/', 'a b')).toBe('http://localhost:8181/a%20b');
  });

  it('prints the address without its scheme', () => {
    expect(addressLabel('https://runfoto.example/bangkok-2026')).toBe('runfoto.example/bangkok-2026');
  });

  it('names the downloads q-logo-qr.png and q-qr.png', () => {
    expect(qrFileName('bangkok-2026', true)).toBe('bangkok-2026-logo-qr.png');
    expect(qrFileName('bangkok-2026', false)).toBe('bangkok-2026-qr.png');
  });
});
