// For tests of the public images' mark (services/watermark.ts).
import sharp from 'sharp';

/** The cells of a 4×4 grid over an image of one plain colour where no mark shows (all one colour still). */
export async function unmarkedCells(bytes: Uint8Array): Promise<string[]> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const cw = Math.floor(width / 4);
  const ch = Math.floor(height / 4);
  const plain: string[] = [];
  for (let y = 0; y < 4; y++)
    for (let x = 0; x < 4; x++) {
      const { channels } = await sharp(bytes)
        .extract({ left: x * cw, top: y * ch, width: cw, height: ch })
        .stats();
      if (Math.max(...channels.map((c) => c.stdev)) < 8) plain.push(`${x},${y}`);
    }
  return plain;
}
