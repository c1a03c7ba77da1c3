// The selfie's compression settings (browser-image-compression options), shared by the app and the benchmark:
// long side at most 1600 px, under 500 KB, always JPEG (the upload's content type is image/jpg).

export const SELFIE_LONG_SIDE_PX = 1600;
/** The library's target in MB: a little under 500 KB, so the result stays below it. */
export const SELFIE_MAX_MB = 0.45;

export const selfieCompressionOptions = {
  maxSizeMB: SELFIE_MAX_MB,
  maxWidthOrHeight: SELFIE_LONG_SIDE_PX,
  fileType: 'image/jpeg',
  initialQuality: 0.85,
} as const;
