// The race-day attack checks (bench:attack), run by attack-recheck.ts against the store process: its
// files (attack-round3-files.ts); push endpoints, confirmation e-mails, bib alerts and the job lanes
// (attack-round3-alerts.ts); the start list's name search and whose X-Forwarded-For is believed
// (attack-round3-names.ts); photographers' uploads (attack-round3-uploads.ts); the store's own address, the metrics
// port and the stop's drain (attack-round3-address.ts). A round that throws is reported as a failed check with its
// error, and the next one runs.

import { addressAndStopChecks } from './attack-round3-address';
import { bibAlertChecks, mailChecks, pushEndpointChecks } from './attack-round3-alerts';
import { privateFilesCheck } from './attack-round3-files';
import type { RoundThreeKit } from './attack-round3-kit';
import { nameSearchChecks } from './attack-round3-names';
import { uploadChecks } from './attack-round3-uploads';

const rounds: [string, (kit: RoundThreeKit) => Promise<void>][] = [
  ['private files', privateFilesCheck],
  ['push endpoints', pushEndpointChecks],
  ['confirmation e-mails and job lanes', mailChecks],
  ['name search and client identity', nameSearchChecks],
  ['bib alerts', bibAlertChecks],
  ['photographer uploads', uploadChecks],
  ['own address, metrics port and stop', addressAndStopChecks],
];

export async function roundThreeChecks(kit: RoundThreeKit): Promise<void> {
  for (const [name, run] of rounds) {
    try {
      await run(kit);
    } catch (error) {
      kit.check(`${name}: ran to the end`, false, {
        error: error instanceof Error ? error.stack : String(error),
      });
    }
  }
}
