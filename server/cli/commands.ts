// Every admin command and the dispatcher: help, argument errors (exit 2), failures (exit 1). main.ts only wires
// this to the process; tests call runCli directly.
import { DatabaseUnreachable } from '../db/open-for-role';
import { type CliContext, type Command, CommandFailed, type StandaloneContext, UsageError } from './args';
import { auditCommands } from './audit';
import { backupCommands } from './backup';
import { bibCommands } from './bibs';
import { eventCommands } from './events';
import { indexCommands } from './index-status';
import { maintenanceCommands } from './maintenance';
import { orderCommands } from './orders';
import { photographerLinkCommands } from './photographer-links';
import { photoCommands } from './photos';
import { removalCommands } from './removals';
import { resultCommands } from './results';
import { teamCommands } from './teams';

export const commands: Command[] = [
  ...maintenanceCommands,
  ...eventCommands,
  ...teamCommands,
  ...photoCommands,
  ...photographerLinkCommands,
  ...indexCommands,
  ...bibCommands,
  ...resultCommands,
  ...orderCommands,
  ...backupCommands,
  ...removalCommands,
  ...auditCommands,
];

export function helpText(): string {
  const lines = ['usage: npm run admin -- <command> [arguments]', '', 'commands:'];
  for (const c of commands) {
    lines.push(`  ${c.name.padEnd(24)} ${c.summary}`);
    if (c.args) lines.push(`  ${''.padEnd(24)}   ${c.name} ${c.args}`);
  }
  lines.push(`  ${'help [command]'.padEnd(24)} show this list, or one command's arguments`);
  return lines.join('\n');
}

const usage = (c: Command) => `usage: npm run admin -- ${c.name}${c.args ? ` ${c.args}` : ''}`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** An open database and store for the commands; close when done. */
export type OpenContext = () => Promise<{ ctx: CliContext; close(): Promise<void> }>;

/** Runs one command line; answers the exit code (0 done, 1 failed, 2 bad command or arguments). */
export async function runCli(
  argv: string[],
  open: OpenContext,
  io: CliIo,
  /** The settings and output of standalone commands (backup, restore); absent, they cannot run. */
  standalone?: () => StandaloneContext,
): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    const one = commands.find((c) => c.name === args[0]);
    io.out(one ? `${usage(one)}\n\n${one.summary}` : helpText());
    return args[0] === undefined || one ? 0 : 2;
  }
  const found = commands.find((c) => c.name === name);
  if (!found) {
    io.err(`unknown command "${name}"\n`);
    io.err(helpText());
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.out(`${usage(found)}\n\n${found.summary}`);
    return 0;
  }
  let opened: Awaited<ReturnType<OpenContext>> | undefined;
  try {
    const work = found.prepare(args);
    if (typeof work !== 'function') {
      if (!standalone) throw new CommandFailed(`${name} runs only from the command line`);
      await work.standalone(standalone());
      return 0;
    }
    opened = await open();
    await work(opened.ctx);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`error: ${error.message}`);
      io.err(usage(found));
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    const plain = error instanceof CommandFailed || error instanceof DatabaseUnreachable;
    io.err(`error: ${plain ? message : `${name} failed: ${message}`}`);
    return 1;
  } finally {
    await opened?.close();
  }
}
