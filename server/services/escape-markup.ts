// Text made safe inside HTML, XML, SVG and Pango markup: as element text and in double-quoted attributes.
export const escapeMarkup = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
