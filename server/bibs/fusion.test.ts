// Face and bib confirm each other: which bib is the runner's, and what it does to the matches' tiers.
import { describe, expect, it } from 'vitest';
import type { FaceMatch } from '../faces/engine';
import { confirmByBib, type ReadOnFace, runnerBibOf } from './fusion';

const match = (photoId: number, tier: 'confident' | 'maybe'): FaceMatch => ({
  photoId,
  distance: 0.3,
  tier,
  faceId: photoId * 10,
  personId: 1,
});
const read = (photoId: number, bib: string, confidence = 0.95): ReadOnFace => ({
  face_id: photoId * 10,
  bib,
  confidence,
});

describe('the runner’s bib', () => {
  it('is the number read under most confident matches, when it leads the next two to one', () => {
    const matches = [match(1, 'confident'), match(2, 'confident'), match(3, 'confident'), match(4, 'maybe')];
    expect(runnerBibOf(matches, [read(1, '1234'), read(2, '1234'), read(3, '567')])).toBe('1234');
    // A tie, or a lead under two to one: no bib.
    expect(runnerBibOf(matches, [read(1, '1234'), read(2, '567')])).toBeUndefined();
    expect(runnerBibOf(matches, [read(1, '1234'), read(2, '1234'), read(3, '567'), read(3, '890')])).toBe(
      '1234',
    );
    // Reads under "maybe you" do not vote.
    expect(runnerBibOf(matches, [read(4, '777'), read(1, '1234')])).toBe('1234');
    expect(runnerBibOf(matches, [read(4, '777')])).toBeUndefined();
    expect(runnerBibOf([], [])).toBeUndefined();
  });

  it('sets the tiers: a maybe wearing it is confident, a match wearing only another bib is maybe', () => {
    const matches = [match(1, 'confident'), match(2, 'confident'), match(3, 'maybe'), match(4, 'maybe')];
    const reads = [read(1, '1234'), read(2, '567'), read(3, '1234'), read(2, '999')];
    const tiers = confirmByBib(matches, reads, '1234').map((m) => [m.photoId, m.tier]);
    // Confident first, each tier in the engine's order; a face without a read keeps its tier.
    expect(tiers).toEqual([
      [1, 'confident'],
      [3, 'confident'],
      [2, 'maybe'],
      [4, 'maybe'],
    ]);
    // A face wearing the runner's bib among others stays confident; without a bib nothing changes.
    expect(confirmByBib([match(2, 'confident')], [read(2, '567'), read(2, '1234')], '1234')[0]?.tier).toBe(
      'confident',
    );
    expect(confirmByBib(matches, reads, undefined)).toEqual(matches);
  });
});
