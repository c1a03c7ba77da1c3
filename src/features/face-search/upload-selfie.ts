// The selfie's PUT to the signed address (SPEC §7): a signed PUT (src/lib/put-signed.ts) of a JPEG, with progress.
import { UPLOAD_CONTENT_TYPE } from '../../../core/constants';
import { putSigned, UploadError, type UploadOptions } from '../../lib/put-signed';

export { UploadError, type UploadOptions };

/** PUTs the body with the content type the address was signed for (image/jpg); resolves when the store took it. */
export const putSelfie = async (url: string, body: Blob, options: UploadOptions = {}): Promise<void> => {
  await putSigned(url, body, UPLOAD_CONTENT_TYPE, options);
};
