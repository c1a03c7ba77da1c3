// What a photo's EXIF says of its taking, kept at import: the instant it was taken (to the sub-second, so frames of
// a burst keep their order) and the camera that took it (make, model and body serial), which tells photographers
// apart when an import does not name them. Both feed "nearby frames" (services/nearby-frames.ts).
import exifr from 'exifr';

const EXIF_TIME = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const EXIF_OFFSET = /^[+-]\d{2}:\d{2}$/;
const SUB_SECONDS = /^\d{1,9}$/;
/** Longest camera identity kept (three short EXIF strings). */
const CAMERA_MAX = 120;

export interface PhotoCapture {
  /** Absent, unreadable or implausible: undefined. */
  takenAt?: Date;
  /** "make model #serial" with what is known, '' when nothing is. */
  camera: string;
}

type Tags = Partial<
  Record<
    | 'DateTimeOriginal'
    | 'OffsetTimeOriginal'
    | 'SubSecTimeOriginal'
    | 'Make'
    | 'Model'
    | 'BodySerialNumber'
    | 'SerialNumber'
    | 'InternalSerialNumber',
    unknown
  >
>;

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value)
        .replace(/[\p{Cc}\p{Cf}]/gu, '')
        .replace(/\s+/g, ' ')
        .trim()
    : '';

/**
 * EXIF DateTimeOriginal (with SubSecTimeOriginal) as an instant. Cameras record local wall time; without
 * OffsetTimeOriginal it is read as Thailand time (UTC+7), where the events are.
 */
function takenAtOf(tags: Tags | undefined): Date | undefined {
  const m = EXIF_TIME.exec(text(tags?.DateTimeOriginal));
  if (!m) return undefined;
  const offset = text(tags?.OffsetTimeOriginal);
  const sub = text(tags?.SubSecTimeOriginal);
  const millis = SUB_SECONDS.test(sub) ? `.${sub.padEnd(3, '0').slice(0, 3)}` : '';
  const at = new Date(
    `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${millis}${EXIF_OFFSET.test(offset) ? offset : '+07:00'}`,
  );
  const year = at.getUTCFullYear();
  return Number.isNaN(at.getTime()) || year < 1990 || year > 2200 ? undefined : at;
}

/** The camera: its make and model (the model often repeats the make) and its body serial when recorded. */
function cameraOf(tags: Tags | undefined): string {
  const make = text(tags?.Make);
  const model = text(tags?.Model);
  const serial = text(tags?.BodySerialNumber) || text(tags?.SerialNumber) || text(tags?.InternalSerialNumber);
  const name = model.toLowerCase().startsWith(make.toLowerCase()) ? model : `${make} ${model}`.trim();
  return (serial ? `${name} #${serial}` : name).slice(0, CAMERA_MAX);
}

export async function photoCapture(bytes: Uint8Array): Promise<PhotoCapture> {
  let tags: Tags | undefined;
  try {
    tags = await exifr.parse(bytes, {
      pick: [
        'DateTimeOriginal',
        'OffsetTimeOriginal',
        'SubSecTimeOriginal',
        'Make',
        'Model',
        'BodySerialNumber',
        'SerialNumber',
        'InternalSerialNumber',
      ],
      reviveValues: false,
    });
  } catch {
    return { camera: '' };
  }
  const takenAt = takenAtOf(tags);
  return { ...(takenAt ? { takenAt } : {}), camera: cameraOf(tags) };
}
