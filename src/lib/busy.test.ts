import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isBusy, markBusy, useAnythingBusy, useBusyWhile } from './busy';

describe('what the buyer is in the middle of', () => {
  it('is busy while any mark is held, each mark given back once', () => {
    expect(isBusy()).toBe(false);
    const upload = markBusy('upload');
    const download = markBusy('download');
    upload();
    upload();
    expect(isBusy()).toBe(true);
    download();
    expect(isBusy()).toBe(false);
  });

  it('follows a component’s activity, and ends with the component', () => {
    const seen = renderHook(() => useAnythingBusy());
    const activity = renderHook(({ active }) => useBusyWhile('checkout', active), {
      initialProps: { active: false },
    });
    expect(seen.result.current).toBe(false);
    activity.rerender({ active: true });
    expect(seen.result.current).toBe(true);
    act(() => activity.unmount());
    expect(seen.result.current).toBe(false);
  });
});
