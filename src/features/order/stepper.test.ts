import { describe, expect, it } from 'vitest';
import { currentStepIndex, orderSteps } from './stepper';

describe('orderSteps', () => {
  it('has four steps for a paid order and three for a FREE one', () => {
    const paid = orderSteps({ free: false, originalsReady: true, logosReady: true });
    expect(paid.map((s) => s.id)).toEqual(['paid', 'originals', 'logos', 'completed']);
    expect(paid.every((s) => s.done)).toBe(true);
    const free = orderSteps({ free: true, originalsReady: true, logosReady: false });
    expect(free.map((s) => s.id)).toEqual(['created', 'originals', 'completed']);
    expect(free.every((s) => s.done)).toBe(true);
  });

  it('is not completed until the images are made, and points at the first step not done', () => {
    const steps = orderSteps({ free: false, originalsReady: true, logosReady: false });
    expect(steps.map((s) => s.done)).toEqual([true, true, false, false]);
    expect(currentStepIndex(steps)).toBe(2);
    expect(currentStepIndex(orderSteps({ free: true, originalsReady: true, logosReady: true }))).toBe(2);
  });
});
