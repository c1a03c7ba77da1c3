// For tests of the zip code (sw/ and src/lib/zip): the entry names of a zip, read from its central directory.

/** The names in a zip's central directory (signature 0x02014b50; name length at +28, name at +46). */
export function centralDirectoryNames(data: Uint8Array): string[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const names: string[] = [];
  for (let i = 0; i + 46 <= data.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const length = view.getUint16(i + 28, true);
    names.push(new TextDecoder().decode(data.subarray(i + 46, i + 46 + length)));
  }
  return names;
}
