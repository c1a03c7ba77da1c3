// The remake-blurred job: a photo's public images made again under a new name, with the faces of its active
// removals blurred (services/blurred-images.ts); with none once every removal of it is undone. Queued when a removal
// takes a runner's faces out, when one is undone, and when a photo indexed later shows a removed face. Its
// companion, delete-photo-objects (services/blurred-images.ts deletePhotoObjects), deletes the objects of a name the
// photo no longer has.
import { blurBoxesOfPhoto } from '../db/removal-requests-repo';
import { type BlurredImagesDeps, type RemadeImages, remakePublicImages } from '../services/blurred-images';

export async function remakeBlurred(deps: BlurredImagesDeps, photoId: number): Promise<RemadeImages> {
  return remakePublicImages(deps, photoId, await blurBoxesOfPhoto(deps.db, photoId));
}
