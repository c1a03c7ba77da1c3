// Photo rows as the calls answer them (SPEC §3 Photo). The stored file name is the name under
// {event_key}/thumbnail/ and {event_key}/preview/ (core/contract/photos.ts photoObjectKeys).
import { yn } from '../../core/contract/common';
import type { HighlightPhoto, Photo } from '../../core/contract/photos';
import type { PhotoRow } from '../db/schema';
import { photoPass } from './photo-pass';

type PhotoFields = Pick<
  PhotoRow,
  'id' | 'event_id' | 'photographer_id' | 'original_file_name' | 'file_name' | 'is_manual'
>;

/** The photo as the calls answer it, with its pass (photo-pass.ts) under the store's pass secret. */
export const toApiPhoto = (row: PhotoFields, passSecret: string): Photo => ({
  id: row.id,
  event_id: row.event_id,
  photographer_id: row.photographer_id,
  original_file_name: row.original_file_name,
  thumbnail_file_name: row.file_name,
  preview_file_name: row.file_name,
  atc: 'N',
  is_manual: yn(row.is_manual),
  pass: photoPass(passSecret, row.id),
});

export const toHighlightPhoto = (
  row: Pick<PhotoRow, 'id' | 'file_name' | 'width' | 'height'>,
): HighlightPhoto => ({
  id: row.id,
  thumbnail_file_name: row.file_name,
  preview_file_name: row.file_name,
  width: row.width,
  height: row.height,
});
