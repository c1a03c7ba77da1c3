// Debian's Chromium as the journeys and the browser benchmarks start it (DESIGN §3): never a downloaded browser,
// and no GPU, QUIC, first-run, background or sync traffic (this machine's network is closed).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
