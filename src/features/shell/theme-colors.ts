// Colour arithmetic for the theme: whatever primary and secondary colour the runner picked, the colours the
// page actually uses keep text readable (WCAG AA 4.5:1) on the light or the dark surfaces.

export type Rgb = readonly [number, number, number];

const HEX = /^#([0-9a-f]{6})$/i;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

export function parseHex(hex: string): Rgb {
  const match = HEX.exec(hex);
  if (!match?.[1]) throw new Error(`not a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** `from` moved towards `to` by `amount` (0 keeps `from`, 1 gives `to`). */
export function mix(from: string, to: string, amount: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex(
    [0, 1, 2].map((i) => (a[i] as number) + ((b[i] as number) - (a[i] as number)) * amount) as never,
  );
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The colour nearest to `color` (moved towards `towards` in 4% steps) whose contrast with every one of
 * `backgrounds` reaches `minimum`.
 */
export function readableOn(
  color: string,
  backgrounds: readonly string[],
  towards: string,
  minimum = 4.5,
): string {
  for (let step = 0; step <= 25; step++) {
    const candidate = mix(color, towards, step * 0.04);
    if (backgrounds.every((bg) => contrastRatio(candidate, bg) >= minimum)) return candidate;
  }
  return towards;
}
