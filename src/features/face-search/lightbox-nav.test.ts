import { describe, expect, it } from 'vitest';
import { commandForKey, commandForSwipe, loopIndex, trapTarget } from './lightbox-nav';

describe('loopIndex', () => {
  it('loops both ways', () => {
    expect(loopIndex(0, -1, 3)).toBe(2);
    expect(loopIndex(2, 1, 3)).toBe(0);
    expect(loopIndex(1, 1, 3)).toBe(2);
    expect(loopIndex(0, 1, 1)).toBe(0);
    expect(loopIndex(0, 1, 0)).toBe(0);
  });
});

describe('commandForKey', () => {
  it('maps arrows, Escape and zoom keys, and nothing else', () => {
    expect(commandForKey('ArrowLeft')).toBe('previous');
    expect(commandForKey('ArrowRight')).toBe('next');
    expect(commandForKey('Escape')).toBe('close');
    expect(commandForKey('+')).toBe('zoom-in');
    expect(commandForKey('-')).toBe('zoom-out');
    expect(commandForKey('Enter')).toBeUndefined();
    expect(commandForKey('Tab')).toBeUndefined();
  });
});

describe('commandForSwipe', () => {
  it('turns a clear horizontal swipe into next or previous', () => {
    expect(commandForSwipe(-80, 10)).toBe('next');
    expect(commandForSwipe(80, -10)).toBe('previous');
    expect(commandForSwipe(30, 0)).toBeUndefined();
    expect(commandForSwipe(60, 120)).toBeUndefined();
  });
});

describe('trapTarget', () => {
  const items = ['a', 'b', 'c'];
  it('wraps Tab from the last to the first and Shift+Tab from the first to the last', () => {
    expect(trapTarget(items, 'c', false)).toBe('a');
    expect(trapTarget(items, 'a', true)).toBe('c');
    expect(trapTarget(items, 'b', false)).toBeUndefined();
    expect(trapTarget(items, 'b', true)).toBeUndefined();
  });
  it('brings focus from outside back in, and does nothing without focusable items', () => {
    expect(trapTarget(items, 'x', false)).toBe('a');
    expect(trapTarget(items, null, true)).toBe('c');
    expect(trapTarget([], 'x', false)).toBeUndefined();
  });
});
