// Every user-facing string is translated: the catalogs (freshly extracted by `npm test`) are complete.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { placeholders, readPo } from './po';

const catalog = (locale: string) =>
  readPo(path.join(import.meta.dirname, `../src/locales/${locale}/messages.po`));

describe('translation catalogs', () => {
  const th = catalog('th');
  const en = catalog('en');

  it('hold the same messages in Thai and English', () => {
    expect(th.length).toBeGreaterThan(0);
    expect(en.map((e) => e.msgid).sort()).toEqual(th.map((e) => e.msgid).sort());
  });

  it('translate every message into English', () => {
    expect(en.filter((e) => e.msgstr.trim() === '').map((e) => e.msgid)).toEqual([]);
  });

  it('keep every placeholder of the Thai source in the English text', () => {
    const broken = en.filter(
      (e) => JSON.stringify(placeholders(e.msgid)) !== JSON.stringify(placeholders(e.msgstr)),
    );
    expect(broken.map((e) => `${e.msgid} → ${e.msgstr}`)).toEqual([]);
  });
});
