// Names inside and of the order's zip files (SPEC §7): {photographer_id}_{original_file_name}, or the original
// name, or IMAGE_{n}.jpg when there is none; logo files get a logo_ prefix; the zip is {q}.zip or {q}-logo.zip.

import { withoutForbiddenCharacters } from '../../../core/rules';

export type ZipVariant = 'original' | 'logo';

export interface NamedImage {
  photographer_id?: number | null;
  original_file_name?: string | null;
}

/**
 * Strips folders, characters file systems refuse and those that disguise a name (bidirectional overrides), so a
 * name can never leave the zip's top level nor read as another file type.
 */
function safeName(name: string): string {
  const base = withoutForbiddenCharacters(name.split(/[/\\]/).pop() ?? '');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed here
  return base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim();
}

/** The entry name of the n-th image (n from 1). */
export function zipEntryName(image: NamedImage, n: number, variant: ZipVariant): string {
  const original = safeName(image.original_file_name ?? '');
  const photographer = image.photographer_id;
  const name =
    original === ''
      ? `IMAGE_${n}.jpg`
      : photographer !== undefined && photographer !== null
        ? `${photographer}_${original}`
        : original;
  return variant === 'logo' ? `logo_${name}` : name;
}

/** Entry names for a list of images, a later duplicate getting " (2)", " (3)" … before its extension. */
export function zipEntryNames(images: readonly NamedImage[], variant: ZipVariant): string[] {
  const used = new Set<string>();
  return images.map((image, i) => {
    const name = zipEntryName(image, i + 1, variant);
    let candidate = name;
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let copy = 2; used.has(candidate.toLowerCase()); copy++) candidate = `${stem} (${copy})${ext}`;
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The zip's own name: the order id, with -logo for the logo versions. */
export const zipFileName = (q: string, variant: ZipVariant): string =>
  variant === 'logo' ? `${q}-logo.zip` : `${q}.zip`;

/** Progress as the page shows it: rounded to a whole percent, written with 2 decimals ("45.00"). */
export function progressText(done: number, total: number): string {
  const percent = total <= 0 ? 0 : Math.round((Math.min(done, total) / total) * 100);
  return percent.toFixed(2);
}
