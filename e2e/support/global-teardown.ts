/**
 * Playwright's global teardown: kills every process group a worker left behind (a worker killed
 * outright, or a test that never stopped its server) and says which, so the leak gets fixed.
 */
import { rmSync } from 'node:fs';
import { killRegistered, PROCESSES_DIR_VARIABLE } from './processes';

export default function globalTeardown() {
  const dir = process.env[PROCESSES_DIR_VARIABLE];
  if (!dir) return;
  for (const command of killRegistered(dir)) console.warn(`e2e: killed a process left running: ${command}`);
  rmSync(dir, { recursive: true, force: true });
}
