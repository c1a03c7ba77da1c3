// Photographers' uploads while the race runs: a secret link per photographer and event; each file is
// signed by its SHA-256 (a content the event has is not sent again), PUT straight to the object store under a
// content-addressed private key, and imported by an import-upload job through the one import path (derivatives,
// watermark, faces, bibs), off the API's requests. The job checks the bytes are those signed for.
// Each signed address binds the file's size (each part's, in parts), so the store takes no other length, and works
// no longer than its link; the disk store asks checkUploadGrant whether the link still works as each PUT arrives.
// An upload never said done is removed by jobs/purge-uploads.ts.
import { createHash, randomBytes } from 'node:crypto';
import {
  PHOTO_UPLOAD_MAX_BYTES,
  PHOTO_UPLOAD_MULTIPART_FROM,
  PHOTO_UPLOAD_PART_BYTES,
  partsOf,
  type UploadDoneAnswer,
  type UploadLink,
  type UploadSignAnswer,
} from '../../core/contract/uploads';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import { findById, findByKey } from '../db/events-repo';
import { jobsWithPayload } from '../db/jobs-repo';
import { linksOfEvent, type PhotographerLinkRow, workingLink } from '../db/photographer-links-repo';
import { enqueue } from '../jobs/queue';
import type { ObjectStore } from '../storage/object-store';
import { accept, type Outcome, refuse } from './outcome';
import { contentHash, importPhoto, photoWithContent } from './photo-import';

/** How long a signed upload address works: a 60 MB photo on a slow connection. */
export const UPLOAD_SIGN_SECONDS = 30 * 60;

/** A new link's secret: 24 random bytes, 32 base64url characters. */
export const newLinkSecret = (): string => randomBytes(24).toString('base64url');
/** What is kept of a secret. */
export const secretHash = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** The folder where uploaded files wait for their import (never backed up; purged when never said done). */
export const UPLOADS_PREFIX = 'private/uploads/';
/** Where an uploaded file waits for its import: private, named by the event and its content. */
export const uploadKeyOf = (eventKey: string, sha256: string): string =>
  `${UPLOADS_PREFIX}${eventKey}/${sha256}`;

/** The grant a signed upload address names: the link it was signed for. */
export const linkGrant = (linkId: number): string => `link:${linkId}`;

type Link = PhotographerLinkRow & { event_key: string; title: string };

const linkInvalid = (httpStatus: 403 | 404) =>
  refuse(
    httpStatus,
    'this upload link does not work: it expired or was revoked; ask the shop for a new one',
    {
      code: 'upload-link-invalid',
      th: 'ลิงก์อัปโหลดนี้ใช้ไม่ได้ (หมดอายุหรือถูกยกเลิก) กรุณาขอลิงก์ใหม่จากร้าน',
    },
  );

async function linkFor(ctx: Pick<AppContext, 'db' | 'now'>, secret: string): Promise<Outcome<Link>> {
  const link = await workingLink(ctx.db, secretHash(secret), ctx.now());
  if (!link) return linkInvalid(404);
  return accept(link);
}

/**
 * Whether a PUT to an address signed with `grant` for `key` may still be taken (the disk store asks as the PUT
 * arrives and again before keeping it): the link it was signed for works now (not revoked, not expired, its event
 * not purged) and the key is under that link's event. Otherwise 403, in the words of a link that stopped working.
 */
export async function checkUploadGrant(
  ctx: Pick<AppContext, 'db' | 'now'>,
  key: string,
  grant: string,
): Promise<Outcome<true>> {
  const linkId = /^link:(\d{1,10})$/.exec(grant)?.[1];
  const eventKey = key.startsWith(UPLOADS_PREFIX)
    ? key.slice(UPLOADS_PREFIX.length).split('/')[0]
    : undefined;
  if (linkId === undefined || !eventKey) return linkInvalid(403);
  const event = await findByKey(ctx.db, eventKey);
  if (!event || event.purged_at) return linkInvalid(403);
  const now = ctx.now();
  const link = (await linksOfEvent(ctx.db, event.event_id)).find((l) => l.id === Number(linkId));
  if (!link || link.revoked_at || new Date(link.expires_at) <= now) return linkInvalid(403);
  return accept(true);
}

/** How long an address signed now for this link works: UPLOAD_SIGN_SECONDS, never past the link's own end. */
const signSecondsFor = (link: Link, now: Date): number =>
  Math.max(
    1,
    Math.min(UPLOAD_SIGN_SECONDS, Math.floor((new Date(link.expires_at).getTime() - now.getTime()) / 1000)),
  );

/** The size of part `part` (1-based) of a file of `size` bytes sent in parts. */
export const partBytes = (size: number, part: number): number =>
  Math.min(PHOTO_UPLOAD_PART_BYTES, size - (part - 1) * PHOTO_UPLOAD_PART_BYTES);

export async function describeUploadLink(ctx: AppContext, secret: string): Promise<Outcome<UploadLink>> {
  const link = await linkFor(ctx, secret);
  if (!link.ok) return link;
  return accept({
    event_key: link.value.event_key,
    title: link.value.title,
    photographer_id: link.value.photographer_id,
    expires_at: new Date(link.value.expires_at).toISOString(),
    max_bytes: PHOTO_UPLOAD_MAX_BYTES,
  });
}

export async function signPhotoUpload(
  ctx: AppContext,
  secret: string,
  request: {
    file_name: string;
    file_type: string;
    size: number;
    sha256: string;
    upload_id?: string | undefined;
  },
): Promise<Outcome<UploadSignAnswer>> {
  const link = await linkFor(ctx, secret);
  if (!link.ok) return link;
  if (request.size > PHOTO_UPLOAD_MAX_BYTES) {
    return refuse(400, `the file is larger than ${PHOTO_UPLOAD_MAX_BYTES / 1024 / 1024} MB`, {
      field: 'size',
      code: 'too-large',
      th: `ไฟล์ใหญ่เกิน ${PHOTO_UPLOAD_MAX_BYTES / 1024 / 1024} MB`,
    });
  }
  const existing = await photoWithContent(ctx.db, link.value.event_id, request.sha256);
  if (existing !== undefined) return accept({ status: 'success', duplicate_of: existing });
  const key = uploadKeyOf(link.value.event_key, request.sha256);
  const seconds = signSecondsFor(link.value, ctx.now());
  const parts = ctx.store.multipart;
  if (parts && request.size >= PHOTO_UPLOAD_MULTIPART_FROM) {
    const uploadId = request.upload_id ?? (await parts.begin(key, request.file_type));
    const urls = await Promise.all(
      Array.from({ length: partsOf(request.size) }, (_, i) =>
        parts.signPart(key, uploadId, i + 1, partBytes(request.size, i + 1), seconds),
      ),
    );
    return accept({
      status: 'success',
      multipart: { upload_id: uploadId, part_size: PHOTO_UPLOAD_PART_BYTES, urls },
    });
  }
  return accept({
    status: 'success',
    url: await ctx.store.signedPutUrl(key, request.file_type, seconds, {
      bytes: request.size,
      grant: linkGrant(link.value.id),
    }),
  });
}

/** The parts of a file sent in parts joined into its upload; refused when they are not all there as sent. */
async function joinParts(
  ctx: AppContext,
  key: string,
  multipart: { upload_id: string; size: number; parts: readonly { part: number; etag: string }[] },
): Promise<Outcome<true>> {
  const parts = ctx.store.multipart;
  // Every part, in order: S3 would join a subset into a shorter file (the import's hash check would refuse it).
  const all =
    multipart.parts.length === partsOf(multipart.size) && multipart.parts.every((p, i) => p.part === i + 1);
  if (!parts || !all) return partsIncomplete();
  try {
    await parts.complete(
      key,
      multipart.upload_id,
      multipart.parts.map((p) => ({ partNumber: p.part, etag: p.etag })),
    );
    return accept(true);
  } catch (error) {
    // S3 refuses an unknown upload or parts that are missing or not those sent (InvalidPart, NoSuchUpload).
    if (error instanceof Error && /InvalidPart|NoSuchUpload|InvalidPartOrder|EntityTooSmall/.test(error.name))
      return partsIncomplete();
    throw error;
  }
}

const partsIncomplete = () =>
  refuse(400, 'some parts of the file have not arrived: send it again', {
    field: 'multipart',
    code: 'parts-incomplete',
    th: 'ยังได้รับไฟล์ไม่ครบทุกส่วน กรุณาส่งอีกครั้ง',
  });

export async function finishPhotoUpload(
  ctx: AppContext,
  secret: string,
  request: {
    file_name: string;
    sha256: string;
    multipart?: { upload_id: string; size: number; parts: { part: number; etag: string }[] } | undefined;
  },
): Promise<Outcome<UploadDoneAnswer>> {
  const link = await linkFor(ctx, secret);
  if (!link.ok) return link;
  const { event_id, event_key, photographer_id } = link.value;
  // The event has it, or is importing it (the same content sent twice before its import ran): not added again.
  if (
    (await photoWithContent(ctx.db, event_id, request.sha256)) !== undefined ||
    (await importUploadQueued(ctx.db, event_id, request.sha256))
  ) {
    return accept({ status: 'success', state: 'duplicate' });
  }
  const key = uploadKeyOf(event_key, request.sha256);
  if (request.multipart && !(await ctx.store.exists(key))) {
    const joined = await joinParts(ctx, key, request.multipart);
    if (!joined.ok) return joined;
  }
  if (!(await ctx.store.exists(key))) {
    return refuse(400, 'the file has not arrived: upload it again', {
      field: 'sha256',
      code: 'not-uploaded',
      th: 'ยังไม่ได้รับไฟล์นี้ กรุณาอัปโหลดอีกครั้ง',
    });
  }
  await enqueue(ctx.db, 'import-upload', {
    event_id,
    key,
    sha256: request.sha256,
    file_name: request.file_name,
    photographer_id,
  });
  return accept({ status: 'success', state: 'queued' });
}

/** An import-upload job of this content waits or runs. */
async function importUploadQueued(db: Db, eventId: number, sha256: string): Promise<boolean> {
  const jobs = await jobsWithPayload(db, 'import-upload', { event_id: eventId, sha256 });
  return jobs.some((job) => job.state === 'queued' || job.state === 'running');
}

export type ImportUploadResult =
  | { photo_id: number }
  | { duplicate_of: number }
  | { refused: string }
  | { skipped: string };

/**
 * The import-upload job: the uploaded file checked against its SHA-256 and imported once (a content the event has is
 * not imported again); the upload is removed either way.
 */
export async function importUpload(
  deps: { db: Db; store: ObjectStore; now: () => Date },
  job: { event_id: number; key: string; sha256: string; file_name: string; photographer_id: number },
): Promise<ImportUploadResult> {
  const event = await findById(deps.db, job.event_id);
  if (!event) return { skipped: 'the event is gone' };
  const existing = await photoWithContent(deps.db, event.event_id, job.sha256);
  if (existing !== undefined) {
    await deps.store.delete(job.key);
    return { duplicate_of: existing };
  }
  const bytes = await deps.store.get(job.key);
  if (!bytes) return { skipped: 'the upload is gone (imported by an earlier run)' };
  if (contentHash(bytes) !== job.sha256) {
    await deps.store.delete(job.key);
    return { refused: 'the file uploaded is not the file signed for' };
  }
  const result = await importPhoto(deps, event, {
    bytes,
    originalFileName: job.file_name,
    photographerId: job.photographer_id,
    once: true,
  });
  await deps.store.delete(job.key);
  if ('photoId' in result) return { photo_id: result.photoId };
  if ('duplicateOf' in result) return { duplicate_of: result.duplicateOf };
  return { refused: result.refused };
}
