// Copies the SQLite write-ahead log back into the database file, off the request thread.
// Plain JavaScript on purpose: it runs as-is from src/ (tests, tsx) and from dist/server.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');

const checkpoint = () => {
  try {
    // PASSIVE never waits for, nor blocks, the writer or readers; the writer restarts the log
    // from its beginning once everything in it has been copied.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // busy or interrupted: the next round catches up
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
