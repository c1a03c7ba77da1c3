import { describe, expect, it } from 'vitest';
import { isPageToWorker } from '../core/sw-messages';
import { NAVIGATION_DENYLIST } from './caching';

describe('service worker messages', () => {
  it('accepts only known message types', () => {
    expect(isPageToWorker({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isPageToWorker({ type: 'DELETE_ALL' })).toBe(false);
    expect(isPageToWorker(null)).toBe(false);
    expect(isPageToWorker('SKIP_WAITING')).toBe(false);
    expect(isPageToWorker({ type: 'ZIP_KEEPALIVE' })).toBe(true);
  });

  it('accepts a zip job only with an id, a file name and entries', () => {
    const job = { id: 'f3c1a2b4-0000', fileName: 'a.zip', entries: [{ name: '1_a.jpg', url: '/storage/a' }] };
    expect(isPageToWorker({ type: 'ZIP_JOB', job })).toBe(true);
    expect(isPageToWorker({ type: 'ZIP_JOB', job: { ...job, id: '../x' } })).toBe(false);
    expect(isPageToWorker({ type: 'ZIP_JOB', job: { ...job, fileName: '' } })).toBe(false);
    expect(isPageToWorker({ type: 'ZIP_JOB', job: { ...job, entries: [] } })).toBe(false);
    expect(isPageToWorker({ type: 'ZIP_JOB', job: { ...job, entries: [{ name: 'a' }] } })).toBe(false);
    expect(isPageToWorker({ type: 'ZIP_JOB' })).toBe(false);
  });
});

describe('navigation fallback', () => {
  const servedShell = (path: string) => !NAVIGATION_DENYLIST.some((re) => re.test(path));
  it('serves the shell for page addresses only', () => {
    expect(servedShell('/')).toBe(true);
    expect(servedShell('/bangkok-city-marathon-2026')).toBe(true);
    expect(servedShell('/download/2b1c0f0e-6f1d-4a8e-9e7c-1d2e3f4a5b6c')).toBe(true);
    expect(servedShell('/api/v1/events/x')).toBe(false);
    expect(servedShell('/storage/x/cover.jpg')).toBe(false);
    expect(servedShell('/robots.txt')).toBe(false);
    expect(servedShell('/zip-stream/f3c1a2b4-0000/ORDER')).toBe(false);
  });
});
