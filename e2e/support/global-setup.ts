// Should the runner exit without its teardown, it still kills what the registry lists.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRegistry, killRegistered, PROCESSES_DIR_VARIABLE } from './processes';

export default function globalSetup() {
  const dir = path.join(tmpdir(), `app-e2e-processes-${process.pid}`);
  createRegistry(dir);
  process.env[PROCESSES_DIR_VARIABLE] = dir;
  process.on('exit', () => killRegistered(dir));
}
