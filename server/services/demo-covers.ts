// Draws demo event covers (a road at dawn with runners) so the demo needs no image files and no fonts.
import sharp from 'sharp';

export interface CoverPalette {
  sky: [string, string];
  ground: string;
  sun: string;
  runners: string;
}

const runner = (x: number, y: number, scale: number, fill: string) => `
  <g transform="translate(${x} ${y}) scale(${scale})" fill="${fill}" stroke="${fill}" stroke-linecap="round">
    <circle cx="0" cy="-92" r="13" stroke="none"/>
    <path d="M0 -76 L-6 -30" stroke-width="14" fill="none"/>
    <path d="M-4 -66 L-28 -50 L-40 -62 M-2 -66 L22 -56 L34 -72" stroke-width="8" fill="none"/>
    <path d="M-6 -30 L14 -4 L4 24 M-6 -30 L-22 -2 L-44 8" stroke-width="10" fill="none"/>
  </g>`;

export function coverSvg(p: CoverPalette, seed: number): string {
  const runners = [0, 1, 2]
    .map((i) => runner(300 + i * 260 + ((seed * 37 + i * 53) % 90), 520 - i * 14, 1.5 - i * 0.25, p.runners))
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="${880 - (seed % 5) * 90}" cy="300" r="120" fill="${p.sun}" opacity="0.9"/>
  <path d="M0 420 Q300 360 600 400 T1200 380 V630 H0 Z" fill="${p.ground}" opacity="0.65"/>
  <path d="M0 470 H1200 V630 H0 Z" fill="${p.ground}"/>
  <path d="M520 470 L680 470 L1000 630 L200 630 Z" fill="#00000022"/>
  ${runners}
</svg>`;
}

export async function coverJpeg(p: CoverPalette, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(coverSvg(p, seed)))
    .jpeg({ quality: 78, progressive: true, mozjpeg: true })
    .toBuffer();
}

/** Palettes for drawn covers (events created without a cover file, banners). */
export const coverPalettes: CoverPalette[] = [
  { sky: ['#ff9a5a', '#ffd9a0'], ground: '#3b3a4a', sun: '#fff3c4', runners: '#1d1b2a' },
  { sky: ['#6aa6d8', '#cfe8f5'], ground: '#2f5d3a', sun: '#fffbe6', runners: '#15301d' },
  { sky: ['#8ed1c6', '#e8f7f2'], ground: '#6b4f2a', sun: '#ffe08a', runners: '#3a2a12' },
  { sky: ['#3fb5e8', '#bdf0ff'], ground: '#e2c48e', sun: '#fff7d1', runners: '#0f4c6b' },
  { sky: ['#c06bd8', '#f6d3ff'], ground: '#40264a', sun: '#ffe6f4', runners: '#220f29' },
  { sky: ['#1b2350', '#4b3f8f'], ground: '#12142a', sun: '#f4f1ff', runners: '#05060f' },
];

/** A drawn cover that stays the same for the same text (an event key): palette and layout come from its hash. */
export function coverJpegFor(text: string): Promise<Buffer> {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return coverJpeg(coverPalettes[hash % coverPalettes.length] as CoverPalette, hash % 997);
}
