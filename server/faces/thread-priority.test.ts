// Background priority is the calling thread's only (Linux: a thread has its own nice value). Real threads.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_NICE, currentThreadId, lowerThisThread } from './thread-priority';

const linux = existsSync('/proc/thread-self');

describe.runIf(linux)('thread priority', () => {
  it("lowers a worker thread's priority and leaves the main thread's", async () => {
    const mainThread = currentThreadId();
    expect(mainThread).toBe(process.pid);
    const before = os.getPriority(process.pid);
    const moduleUrl = new URL('./thread-priority.ts', import.meta.url).href;
    const tsxApi = import.meta.resolve('tsx/esm/api');
    const code = `
      const { parentPort } = require('node:worker_threads');
      import(${JSON.stringify(tsxApi)}).then(async (tsx) => {
        tsx.register();
        const m = await import(${JSON.stringify(moduleUrl)});
        const lowered = m.lowerThisThread();
        const tid = m.currentThreadId();
        parentPort.postMessage({ lowered, tid, nice: require('node:os').getPriority(tid) });
      });`;
    const worker = new Worker(code, { eval: true });
    const answer = await new Promise<{ lowered: boolean; tid: number; nice: number }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(answer.lowered).toBe(true);
    expect(answer.tid).not.toBe(process.pid);
    expect(answer.nice).toBe(Math.max(before, BACKGROUND_NICE));
    expect(os.getPriority(process.pid)).toBe(before);
  });

  it('never raises a thread that is already lower', () => {
    const tid = currentThreadId() ?? process.pid;
    const before = os.getPriority(tid);
    // Asked for a higher priority than it has, it answers done and changes nothing (root could raise it).
    expect(lowerThisThread(before - 5)).toBe(true);
    expect(os.getPriority(tid)).toBe(before);
  });
});
