// Whose code a built file is, to tell the first screen's JavaScript, React included, from our own code's share:
// each stretch of the generated code goes to the source its source map names, node_modules' or ours; each side's
// stretches are gzipped together, as the file's bytes would be.
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

export interface SourceShare {
  ours: string;
  libraries: string;
}

/** The generated code of `jsFile`, split by whose source each stretch maps to (its `.map` beside it). */
export function splitBySource(jsFile: string): SourceShare {
  const code = fs.readFileSync(jsFile, 'utf8');
  // A file with no map (the bundler's own runtime) is glue the build wrote: counted as ours.
  if (!fs.existsSync(`${jsFile}.map`)) return { ours: code, libraries: '' };
  const map = JSON.parse(fs.readFileSync(`${jsFile}.map`, 'utf8')) as { sources: string[]; mappings: string };
  const library = map.sources.map((source) => source.includes('node_modules'));
  const lines = code.split('\n');
  let ours = '';
  let libraries = '';
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNumber) => {
    const line = lines[lineNumber] ?? '';
    let column = 0;
    let owner: boolean | undefined;
    let from = 0;
    const give = (to: number) => {
      const text = line.slice(from, to);
      if (owner === true) libraries += text;
      else ours += text;
    };
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue;
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      give(column);
      from = column;
      if (sourceDelta !== undefined) {
        sourceIndex += sourceDelta;
        owner = library[sourceIndex];
      } else owner = undefined;
      // Later fields (line, column, name) are not needed: only the source says whose the stretch is.
    }
    give(line.length);
    ours += '\n';
  });
  return { ours, libraries };
}

/** Gzipped bytes of our code and of the libraries' in these files. */
export function gzipShare(jsFiles: string[]): { ours: number; libraries: number } {
  let ours = '';
  let libraries = '';
  for (const file of jsFiles) {
    const split = splitBySource(file);
    ours += split.ours;
    libraries += split.libraries;
  }
  return {
    ours: gzipSync(ours, { level: 9 }).length,
    libraries: gzipSync(libraries, { level: 9 }).length,
  };
}
