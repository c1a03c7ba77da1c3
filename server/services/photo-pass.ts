// A photo's pass: proof that the store itself showed the caller this photo, in a search's results, a
// "more like this" search, the nearby frames or a stage page. Photo and face ids count up, so without it the calls
// that tell more about a photo (the faces in it, the photos like one of its faces, the frames taken around it) could
// be walked over every photo of an event; with it, a runner reaches further only from what was shown to them.
// An HMAC of the photo's id under a secret of the store's own (derived from its signing secret, so every API
// process of one store agrees). It does not expire: results are kept on the phone for days.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Characters of a pass (base64url): 132 bits. */
const PASS_LENGTH = 22;

/** The passes' secret, from the store's signing secret (a different key for a different use). */
export const photoPassSecretFrom = (signingSecret: string): string =>
  createHash('sha256').update(`photo-passes\0${signingSecret}`).digest('base64url');

export function photoPass(secret: string, photoId: number): string {
  return createHmac('sha256', secret).update(`photo:${photoId}`).digest('base64url').slice(0, PASS_LENGTH);
}

/** Whether `pass` is the photo's pass (compared in constant time). */
export function isPhotoPass(secret: string, photoId: number, pass: unknown): boolean {
  if (typeof pass !== 'string') return false;
  const expected = Buffer.from(photoPass(secret, photoId));
  const given = Buffer.from(pass);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
