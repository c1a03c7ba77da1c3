// A small reader for the Lingui .po catalogs (msgid/msgstr pairs, multi-line strings joined).
import fs from 'node:fs';

export interface PoEntry {
  msgid: string;
  msgstr: string;
}

const unquote = (line: string) => JSON.parse(line.trim()) as string;

export function readPo(file: string): PoEntry[] {
  const entries: PoEntry[] = [];
  let current: Partial<PoEntry> = {};
  let field: keyof PoEntry | undefined;
  const flush = () => {
    if (current.msgid !== undefined && current.msgid !== '') {
      entries.push({ msgid: current.msgid, msgstr: current.msgstr ?? '' });
    }
    current = {};
  };
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      flush();
      field = 'msgid';
      current.msgid = unquote(line.slice(6));
    } else if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      current.msgstr = unquote(line.slice(7));
    } else if (line.startsWith('"') && field) {
      current[field] = (current[field] ?? '') + unquote(line);
    } else if (line.trim() === '') {
      field = undefined;
    }
  }
  flush();
  return entries;
}

/** The {placeholders} of an ICU message ({name} or {name, plural, …}), sorted. */
export const placeholders = (message: string) =>
  [...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]).sort();
