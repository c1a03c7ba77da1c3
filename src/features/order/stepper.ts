// The steps of a paid order (SPEC §2): four for a paid order (payment completed, original images, logo images,
// completed), three for a FREE one (order created, original images, completed). A step is done when what it
// names is ready; "completed" is done when every step before it is.

export type StepId = 'paid' | 'created' | 'originals' | 'logos' | 'completed';

export interface Step {
  id: StepId;
  done: boolean;
}

export function orderSteps(order: { free: boolean; originalsReady: boolean; logosReady: boolean }): Step[] {
  const steps: Step[] = order.free
    ? [
        { id: 'created', done: true },
        { id: 'originals', done: order.originalsReady },
      ]
    : [
        { id: 'paid', done: true },
        { id: 'originals', done: order.originalsReady },
        { id: 'logos', done: order.logosReady },
      ];
  return [...steps, { id: 'completed', done: steps.every((s) => s.done) }];
}

/** The step the buyer is at: the first not done, or the last when all are. */
export function currentStepIndex(steps: Step[]): number {
  const first = steps.findIndex((s) => !s.done);
  return first === -1 ? steps.length - 1 : first;
}
