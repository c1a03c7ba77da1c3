// The QR visit: a runner scans the event's QR code at the finish line and opens its page for the first time on a
// mid-range phone over a crowded mobile network, consents to the face search, chooses a selfie, and sees their
// photos. Timed in Chromium under Lighthouse's mobile throttling (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s
// up, through CDP's network emulation; the CPU 4× slower), on a store of its own with the demo data and face
// indexing, once the demo photos are indexed and the store is idle. The runner's own time (reading the consent,
// finding the selfie) is not counted: each step is timed from the tap that starts it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { DEMO_SELFIE_MATCHES, demoSelfieJpeg } from '../tests/demo-selfie';
import { cpuShare, demoSearch, median, round, startStore, waitFor } from './bench-kit';

const EVENT = 'bangkok-city-marathon-2026';

/** Lighthouse's mobile preset, as CDP applies it. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

export interface QrVisitResult {
  build: string;
  journey: 'qr-visit';
  /** Address opened → the consent asked (the page usable: its code ran). */
  to_consent_ms: number;
  /** Accept tapped → the selfie picker ready. */
  consent_to_picker_ms: number;
  /** Selfie chosen → its photos on screen. */
  selfie_to_results_ms: number;
  /** The three together: what the runner waited for. */
  total_ms: number;
  matches: number;
  runs: number[];
  /** A run that could not finish, and why (the build's page differs, the store refused). */
  failed_runs: string[];
}

/** One cold visit on a new phone (nothing stored): the three steps' times and the photos found. */
async function visit(browser: Browser, base: string, selfieFile: string) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'th-TH',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const opened = Date.now();
    await page.goto(`${base}/${EVENT}`, { waitUntil: 'commit' });
    const consent = page.getByRole('dialog', { name: 'ก่อนค้นหาภาพด้วยใบหน้า' });
    const accept = consent.getByRole('button', { name: 'ยอมรับ', exact: true });
    await accept.waitFor({ timeout: 60_000 });
    const asked = Date.now();
    // The face-processing consent is a box of its own (builds before it asked only for Accept).
    const agree = consent.getByRole('checkbox', { name: /ฉันยินยอมให้ระบบประมวลผลใบหน้า/ });
    if (await agree.count()) await agree.check();
    const accepted = Date.now();
    await accept.click();
    const picker = page.locator('.face-search input[type=file]:not([capture])');
    await picker.waitFor({ state: 'attached', timeout: 60_000 });
    await consent.waitFor({ state: 'detached', timeout: 60_000 });
    const ready = Date.now();
    await picker.setInputFiles(selfieFile);
    const chosen = Date.now();
    const count = page.locator('.face-results-count').first();
    await count.waitFor({ timeout: 120_000 });
    const shown = Date.now();
    const matches = Number(/\d+/.exec((await count.textContent()) ?? '')?.[0] ?? -1);
    return {
      toConsent: asked - opened,
      consentToPicker: ready - accepted,
      selfieToResults: shown - chosen,
      matches,
    };
  } finally {
    await context.close();
  }
}

/** The QR visit on `build` (its own checkout at `cwd`, its build in `dist`), `runs` times; the median reported. */
export async function measureQrVisit(
  browser: Browser,
  build: string,
  cwd: string | undefined,
  dist: string,
  runs: number,
): Promise<QrVisitResult> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-qr-visit-'));
  const selfie = await demoSelfieJpeg();
  const selfieFile = path.join(dir, 'selfie.jpg');
  await fs.writeFile(selfieFile, selfie);
  const store = await startStore({ DATA_DIR: path.join(dir, 'data'), DIST_DIR: dist }, cwd);
  try {
    await waitFor(
      'the store',
      async () => ((await fetch(`${store.base}/api/v1/events/${EVENT}`)).ok ? true : undefined),
      180_000,
    );
    await waitFor(
      'the demo photos to be indexed',
      async () => ((await demoSearch(store.base, EVENT, selfie)) >= DEMO_SELFIE_MATCHES ? true : undefined),
      600_000,
    );
    // The rest of the demo is indexed meanwhile; the visits are timed on a quiet store (at most 10 minutes on).
    await waitFor(
      'the store to go idle',
      async () => ((await cpuShare(store.process.pid ?? 0, 3000)) < 0.15 ? true : undefined),
      600_000,
    ).catch(() => undefined);
    const done: Awaited<ReturnType<typeof visit>>[] = [];
    const failed: string[] = [];
    for (let i = 0; i < runs; i++) {
      try {
        done.push(await visit(browser, store.base, selfieFile));
      } catch (error) {
        failed.push(String(error instanceof Error ? error.message : error).split('\n')[0] ?? 'failed');
      }
    }
    const p50 = (pick: (run: (typeof done)[number]) => number) =>
      done.length ? round(median(done.map(pick))) : -1;
    const totals = done.map((run) => run.toConsent + run.consentToPicker + run.selfieToResults);
    return {
      build,
      journey: 'qr-visit',
      to_consent_ms: p50((run) => run.toConsent),
      consent_to_picker_ms: p50((run) => run.consentToPicker),
      selfie_to_results_ms: p50((run) => run.selfieToResults),
      total_ms: totals.length ? round(median(totals)) : -1,
      matches: p50((run) => run.matches),
      runs: totals.map(round),
      failed_runs: failed,
    };
  } finally {
    await store.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
