// What a downloaded zip holds, read by Info-ZIP's unzip (installed by .ci/run): the entry names, once every
// entry's CRC has been checked (`unzip -t`), so a truncated or corrupt zip fails the test that reads it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';

const run = promisify(execFile);

/** The entry names of a valid zip, in order; throws when unzip finds it damaged. */
export async function unzipEntries(file: string): Promise<string[]> {
  const test = await run('unzip', ['-tq', file]);
  expect(test.stdout).toMatch(/^No errors detected/);
  const { stdout } = await run('unzip', ['-Z1', file], { env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  return stdout.split('\n').filter((line) => line !== '');
}
