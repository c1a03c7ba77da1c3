// User Timing marks of the selfie flow, so a trace or bench/selfie-flow.ts can read how long each part took:
// selfie-compress (detail: bytes in and out), selfie-upload (sign + PUT), selfie-search, and selfie-to-results
// (from the choice to the results on screen). Never throws: timing must not break a search.

const CHOSEN = 'selfie-chosen';

function safely(run: (perf: Performance) => void): void {
  try {
    if (typeof performance !== 'undefined' && typeof performance.mark === 'function') run(performance);
  } catch {
    // A browser without User Timing level 3: nothing is recorded.
  }
}

/** Marks a point of the flow (the choice itself is `selfie-chosen`). */
export const markSelfie = (name: string): void => safely((p) => void p.mark(name));

export const markSelfieChosen = (): void => markSelfie(CHOSEN);

/** Records a measure from a mark to now. */
export const measureSelfie = (name: string, from: string, detail?: Record<string, number>): void =>
  safely((p) => void p.measure(name, { start: from, detail }));

/** The results are on screen: measured from the choice, once per choice (not again when results are merged). */
export const measureSelfieToResults = (): void =>
  safely((p) => {
    if (p.getEntriesByName(CHOSEN, 'mark').length === 0) return;
    p.measure('selfie-to-results', { start: CHOSEN });
    p.clearMarks(CHOSEN);
  });
