// The race-day attack checks (bench:attack), run by attack-recheck.ts against the store process: its
// files (attack-race-day-files.ts); push endpoints, confirmation e-mails, bib alerts and the job lanes
// (attack-race-day-alerts.ts); the start list's name search and whose X-Forwarded-For is believed
// (attack-race-day-names.ts); photographers' uploads (attack-race-day-uploads.ts); the store's own address, the metrics
// port and the stop's drain (attack-race-day-address.ts). A round that throws is reported as a failed check with its
// error, and the next one runs.

import { addressAndStopChecks } from './attack-race-day-address';
import { bibAlertChecks, mailChecks, pushEndpointChecks } from './attack-race-day-alerts';
import { privateFilesCheck } from './attack-race-day-files';
import type { RaceDayKit } from './attack-race-day-kit';
import { nameSearchChecks } from './attack-race-day-names';
import { uploadChecks } from './attack-race-day-uploads';

const rounds: [string, (kit: RaceDayKit) => Promise<void>][] = [
  ['private files', privateFilesCheck],
  ['push endpoints', pushEndpointChecks],
  ['confirmation e-mails and job lanes', mailChecks],
  ['name search and client identity', nameSearchChecks],
  ['bib alerts', bibAlertChecks],
  ['photographer uploads', uploadChecks],
  ['own address, metrics port and stop', addressAndStopChecks],
];

export async function raceDayChecks(kit: RaceDayKit): Promise<void> {
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
