// The admin command line: `npm run admin -- <command>` (`help` lists the commands). Batch work beside a live store
// runs at background priority, so the store's searches go first: the process lowers itself before it
// loads the command line's modules (./run.ts), whose loading is a second of CPU a rush would otherwise share.
import '../ops/private-umask';
import { lowerThisProcess } from '../faces/thread-priority';

const BACKGROUND_COMMANDS = new Set(['import-photos', 'watch']);
if (BACKGROUND_COMMANDS.has(process.argv[2] ?? '')) lowerThisProcess();
await import('./run');
