// The race-day attack checks (bench:attack, round three), run by attack-recheck.ts against the store process: push
// endpoints, confirmation e-mails and the job lanes (attack-round3-alerts.ts). A round that throws is reported as a
// failed check with its error, and the next one runs.
import { mailChecks, pushEndpointChecks } from './attack-round3-alerts';
import type { RoundThreeKit } from './attack-round3-kit';

const rounds: [string, (kit: RoundThreeKit) => Promise<void>][] = [
  ['push endpoints', pushEndpointChecks],
  ['confirmation e-mails and job lanes', mailChecks],
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
