import { describe, expect, it } from 'vitest';
import { consentKey, hasConsented, rememberConsent } from './consent';

const memory = () => {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, v),
    values,
  };
};

const blocked = {
  getItem: (): string | null => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
};

describe('consent per event', () => {
  it('is kept under consent_{event key}', () => {
    expect(consentKey('phuket-beach-run-2026')).toBe('consent_phuket-beach-run-2026');
  });

  it('asks on the first visit, not after accepting, and per event', () => {
    const storage = memory();
    expect(hasConsented('run-a', storage)).toBe(false);
    expect(rememberConsent('run-a', storage)).toBe(true);
    expect(storage.values.get('consent_run-a')).toBe('Y');
    expect(hasConsented('run-a', storage)).toBe(true);
    expect(hasConsented('run-b', storage)).toBe(false);
  });

  it('takes any stored value as accepted (values kept by older versions of the site)', () => {
    const storage = memory();
    storage.setItem('consent_run-a', 'true');
    expect(hasConsented('run-a', storage)).toBe(true);
  });

  it('asks again when the browser blocks storage, and says the acceptance was not kept', () => {
    expect(hasConsented('run-a', blocked)).toBe(false);
    expect(rememberConsent('run-a', blocked)).toBe(false);
  });
});
