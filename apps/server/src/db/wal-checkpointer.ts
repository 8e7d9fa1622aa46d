import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's write-ahead log copied back into the database file by a thread of its own. SQLite does
 * it by default inside the commit that crosses 1,000 pages of log: on the server's one event loop,
 * a copy of 4 MB and two fsyncs every few commits, which every request waiting behind it felt
 * (the bet's p99 in bench/bets.bench.ts). The worker thread opens its own connection to the file
 * and runs a PASSIVE checkpoint every `everyMs` (it never waits for the writer nor makes it wait);
 * the server's connection keeps an automatic checkpoint only as a backstop, far higher, for a
 * worker that fell behind or stopped.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ failed: String(error) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.postMessage({ stopped: true });
});
`;

export interface WalCheckpointer {
  stop(): Promise<void>;
}

export function startWalCheckpointer(file: string, onFailure: (message: string) => void, everyMs = 50): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver, everyMs } });
  worker.unref();
  let stopped: Promise<void> | undefined;
  worker.on('message', (message: { failed?: string }) => {
    if (message.failed) onFailure(message.failed);
  });
  worker.on('error', (error) => onFailure(String(error)));
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.once('message', () => void worker.terminate());
        worker.postMessage('stop');
      });
      return stopped;
    },
  };
}
