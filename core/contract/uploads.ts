// Our addition: photographers upload while the race runs, through a secret link the shop owner gives
// them (`npm run admin -- photographer-link`). The page at /upload/{secret} asks what the link is for, signs each
// file (by its SHA-256: a file the event has is not sent again), PUTs it straight to the object store, and says it
// is done; the store imports it through the one import path (a job, off the API's requests).
import * as v from 'valibot';
import { successAnswerSchema } from './common';

/** A link's secret as it appears in the address: 32 base64url characters. */
export const uploadSecretSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{32}$/, 'is not an upload link'));
export const uploadLinkParamSchema = v.object({ secret: uploadSecretSchema });

export const uploadLinkPath = (secret: string) => `/v1/uploads/${encodeURIComponent(secret)}`;
/** The page a photographer opens. */
export const uploadPagePath = (secret: string) => `/upload/${encodeURIComponent(secret)}`;

/** The largest photo a photographer may upload (a 45 MP camera's finest JPEG is about 30 MB). */
export const PHOTO_UPLOAD_MAX_BYTES = 60 * 1024 * 1024;
export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png'] as const;

/** GET /v1/uploads/{secret}: what the link is for. Unknown, expired or revoked: 404 (code upload-link-invalid). */
export const uploadLinkSchema = v.object({
  event_key: v.string(),
  title: v.string(),
  photographer_id: v.number(),
  /** ISO time the link stops working. */
  expires_at: v.string(),
  max_bytes: v.number(),
});
export type UploadLink = v.InferOutput<typeof uploadLinkSchema>;
export const uploadLinkAnswerSchema = successAnswerSchema(uploadLinkSchema);

const sha256Schema = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'must be the SHA-256 of the file (hex)'));
const fileNameSchema = v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(255, 'is too long'));

/** Where the store is S3: a file this large goes in parts of PHOTO_UPLOAD_PART_BYTES (S3's parts are 5 MiB at least). */
export const PHOTO_UPLOAD_MULTIPART_FROM = 16 * 1024 * 1024;
export const PHOTO_UPLOAD_PART_BYTES = 8 * 1024 * 1024;
/** How many parts a file of `size` bytes goes in. */
export const partsOf = (size: number) => Math.max(1, Math.ceil(size / PHOTO_UPLOAD_PART_BYTES));

const uploadIdSchema = v.pipe(v.string(), v.minLength(1, 'is required'), v.maxLength(1024, 'is too long'));

/**
 * POST /v1/uploads/{secret}/sign: where to PUT a file (its type, size and SHA-256 given), or the photo the event
 * already has with that content (nothing to send). Where the store is S3 and the file large, the addresses of its
 * parts (`multipart`), each PUT with its slice; `upload_id` given again signs the parts of that upload anew (a part
 * to send again after a dropped connection). A file too large or not a JPEG/PNG 400 (field size / file_type).
 * Each address takes exactly the size given (each part its slice's) and works no longer than the link: a body of
 * another length is refused (the disk store 413 or 400, code size-mismatch; S3 403), and on the disk store a PUT
 * after the link was revoked or expired is 403 (code upload-link-invalid). Nothing refused is kept.
 */
export const uploadSignRequestSchema = v.object({
  file_name: fileNameSchema,
  file_type: v.picklist(PHOTO_UPLOAD_TYPES, 'must be image/jpeg or image/png'),
  size: v.pipe(v.number(), v.integer(), v.minValue(1, 'the file is empty')),
  sha256: sha256Schema,
  upload_id: v.optional(uploadIdSchema),
});
export const uploadSignAnswerSchema = v.union([
  v.object({ status: v.literal('success'), duplicate_of: v.number() }),
  v.object({ status: v.literal('success'), url: v.string() }),
  v.object({
    status: v.literal('success'),
    multipart: v.object({ upload_id: v.string(), part_size: v.number(), urls: v.array(v.string()) }),
  }),
]);
export type UploadSignAnswer = v.InferOutput<typeof uploadSignAnswerSchema>;

/**
 * POST /v1/uploads/{secret}/done: the file is uploaded; the store checks it is the file signed for (its SHA-256)
 * and queues its import. A file sent in parts names them (each part's number and the ETag its PUT answered): the
 * store joins them first. Not uploaded 400 (code not-uploaded); parts missing or not those sent 400 (code
 * parts-incomplete); other bytes than signed 400 (code hash-mismatch).
 */
export const uploadDoneRequestSchema = v.object({
  file_name: fileNameSchema,
  sha256: sha256Schema,
  multipart: v.optional(
    v.object({
      upload_id: uploadIdSchema,
      /** The file's size: its parts are all named, from 1 to partsOf(size). */
      size: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PHOTO_UPLOAD_MAX_BYTES)),
      parts: v.pipe(
        v.array(
          v.object({
            part: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)),
            etag: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
          }),
        ),
        v.minLength(1, 'names no part'),
        v.maxLength(10_000, 'names too many parts'),
      ),
    }),
  ),
});
export const uploadDoneAnswerSchema = v.object({
  status: v.literal('success'),
  /** The import is queued (the photo shows once made), or the event had the photo already. */
  state: v.picklist(['queued', 'duplicate']),
});
export type UploadDoneAnswer = v.InferOutput<typeof uploadDoneAnswerSchema>;
