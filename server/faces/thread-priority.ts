// Background priority for the threads and processes that index photos or import them: a runner waits
// for a selfie's search, nobody waits for a photo's indexing. On Linux a thread has its own nice value, so a photo
// worker thread lowers its own (the store's main thread and the selfie workers keep theirs), and under load the
// scheduler gives the searches the cores (nice 19 weighs 15 against nice 0's 1024, so three busy background threads
// take about 1.5% of a core from searches; measured with nice 10, which weighs 110, they still took 0.4-0.7 of this
// machine's 2 cores during a rush). When nothing else runs, background work still gets every idle cycle. Elsewhere
// nothing changes: the queues still put selfies first.
import { readdirSync, readlinkSync } from 'node:fs';
import os from 'node:os';

/** The nice value of background work: photo indexing and photo import. */
export const BACKGROUND_NICE = 19;

/** This thread's id on Linux (/proc/thread-self is "<pid>/task/<tid>"), else undefined. */
export function currentThreadId(): number | undefined {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    return Number.isSafeInteger(tid) && tid > 0 ? tid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Lowers the priority of the calling thread only (Linux), to BACKGROUND_NICE unless it is already lower; answers
 * whether it did. Lowering needs no privilege; it is never raised again in this thread.
 */
export function lowerThisThread(nice = BACKGROUND_NICE): boolean {
  const tid = currentThreadId();
  if (tid === undefined) return false;
  try {
    if (os.getPriority(tid) >= nice) return true;
    os.setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

/**
 * Lowers the priority of this whole process, for a batch command (a photo import beside a live store): every thread
 * it has (on Linux the nice value is each thread's; threads started later inherit it from their creator).
 */
export function lowerThisProcess(nice = BACKGROUND_NICE): boolean {
  let tasks: number[];
  try {
    tasks = readdirSync('/proc/self/task').map(Number);
  } catch {
    tasks = [0]; // not Linux: the process itself
  }
  let lowered = true;
  for (const tid of tasks) {
    try {
      if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    } catch {
      lowered = false; // a thread that ended meanwhile, or a platform that refuses
    }
  }
  return lowered;
}
