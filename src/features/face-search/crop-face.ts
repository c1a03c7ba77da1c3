// One face of the runner's selfie cut out to search with: the selfie as it was sent (compressed on the device, drawn
// upright from its EXIF orientation, so it is the upright picture the store measured the boxes on), the face's box
// grown by a generous margin, as a JPEG file. The store finds the face in the cut-out as in any selfie.
import type { FaceBox } from '../../../core/contract/facesearch';

/** The margin around the face on every side, as a share of its box: the detector needs some of the head around it. */
export const FACE_CROP_MARGIN = 0.5;

/** The region (pixels) of a `width`×`height` picture to cut out for the face at `box` (fractions), margin included. */
export function cropRegion(
  box: FaceBox,
  width: number,
  height: number,
  margin = FACE_CROP_MARGIN,
): { x: number; y: number; width: number; height: number } {
  const x0 = Math.max(0, Math.floor((box.x - box.width * margin) * width));
  const y0 = Math.max(0, Math.floor((box.y - box.height * margin) * height));
  const x1 = Math.min(width, Math.ceil((box.x + box.width * (1 + margin)) * width));
  const y1 = Math.min(height, Math.ceil((box.y + box.height * (1 + margin)) * height));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0) };
}

/** The face at `box` cut out of the selfie, as a JPEG file named `name`. */
export async function cropFace(selfie: Blob, box: FaceBox, name: string): Promise<File> {
  const bitmap = await createImageBitmap(selfie, { imageOrientation: 'from-image' });
  try {
    const region = cropRegion(box, bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = region.width;
    canvas.height = region.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas to cut the face out on');
    context.drawImage(
      bitmap,
      region.x,
      region.y,
      region.width,
      region.height,
      0,
      0,
      region.width,
      region.height,
    );
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob) throw new Error('the face could not be encoded');
    return new File([blob], name, { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
