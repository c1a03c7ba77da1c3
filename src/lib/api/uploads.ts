// A photographer's uploads through their secret link (core/contract/uploads.ts).
import {
  type UploadDoneAnswer,
  type UploadLink,
  type UploadSignAnswer,
  uploadDoneAnswerSchema,
  uploadLinkAnswerSchema,
  uploadLinkPath,
  uploadSignAnswerSchema,
} from '../../../core/contract/uploads';
import { getJson, postJson } from './client';

export async function fetchUploadLink(secret: string, signal?: AbortSignal): Promise<UploadLink> {
  return (await getJson(uploadLinkPath(secret), uploadLinkAnswerSchema, signal)).body;
}

export function signUpload(
  secret: string,
  file: { file_name: string; file_type: string; size: number; sha256: string; upload_id?: string },
  signal?: AbortSignal,
): Promise<UploadSignAnswer> {
  return postJson(`${uploadLinkPath(secret)}/sign`, file, uploadSignAnswerSchema, signal);
}

export function finishUpload(
  secret: string,
  file: {
    file_name: string;
    sha256: string;
    multipart?: { upload_id: string; size: number; parts: { part: number; etag: string }[] };
  },
  signal?: AbortSignal,
): Promise<UploadDoneAnswer> {
  return postJson(`${uploadLinkPath(secret)}/done`, file, uploadDoneAnswerSchema, signal);
}
