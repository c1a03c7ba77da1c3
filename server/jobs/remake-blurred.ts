// The remake-blurred job: a photo's public images made again under a new name, with the faces of its active
// removals blurred (services/blurred-images.ts); with none once every removal of it is undone. Queued when a removal
// takes a runner's faces out, when one is undone, and when a photo indexed later shows a removed face. Its
// companion, delete-photo-objects (services/blurred-images.ts deletePhotoObjects), deletes the objects of a name the
// photo no longer has. Runners' public finisher pages of a photo with a face removed are deleted.
import { blurBoxesOfPhoto } from '../db/removal-requests-repo';
import { type BlurredImagesDeps, type RemadeImages, remakePublicImages } from '../services/blurred-images';
import { deleteFinisherPagesOfPhoto } from '../services/finisher-pages';

export async function remakeBlurred(deps: BlurredImagesDeps, photoId: number): Promise<RemadeImages> {
  const boxes = await blurBoxesOfPhoto(deps.db, photoId);
  // A public finisher page shows the photo unblurred: it goes (its buyer keeps their card as a file).
  if (boxes.length > 0) await deleteFinisherPagesOfPhoto(deps, photoId);
  return remakePublicImages(deps, photoId, boxes);
}
