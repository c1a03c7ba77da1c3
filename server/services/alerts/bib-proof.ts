// A bib alert tells its holder of every new photo where that number is read, so it is a way to follow a runner:
// a name leads to a bib through the start list. The store keeps a bib for an alert only when the asker's own face
// shows it is theirs: the selfie's confident matches at the event wear that bib, as the face search's fusion of face
// and bib decides a runner's bib (server/bibs/fusion.ts through photosOfFace).
import type { AppContext } from '../../context';
import type { EventRow } from '../../db/schema';
import { photosOfFace } from '../face-search';
import { type Refusal, refuse } from '../outcome';

export async function selfieWearsBib(
  ctx: AppContext,
  event: EventRow,
  descriptor: Float32Array,
  bib: string,
): Promise<boolean> {
  // The proof is the fusion's whatever the searches' setting: a bib is never kept on a face alone.
  const found = await photosOfFace({ ...ctx, bibFusion: true }, event, descriptor);
  return found.byBib?.bib === bib;
}

/** A bib alert asked without a selfie. */
export const bibNeedsSelfie = (): Refusal =>
  refuse(
    400,
    'to be told of photos by your bib, add a selfie: we check the photos of your face show that bib',
    {
      field: 'bib',
      code: 'bib-needs-selfie',
      th: 'หากต้องการรับแจ้งภาพด้วยหมายเลขบิบ กรุณาเพิ่มรูปเซลฟี่ เราจะตรวจว่าภาพใบหน้าของคุณมีบิบนั้น',
    },
  );

/** A bib the selfie's photos do not show (yet): the alert can still tell by the face. */
export const bibNotShown = (): Refusal =>
  refuse(400, 'the photos of your face do not show this bib (yet): ask to be told by your face alone', {
    field: 'bib',
    code: 'bib-not-shown',
    th: 'ภาพใบหน้าของคุณยังไม่พบบิบหมายเลขนี้ กรุณาขอรับแจ้งด้วยใบหน้าอย่างเดียว',
  });
