// Says which process groups a worker left behind, so the leak gets fixed.
import { rmSync } from 'node:fs';
import { killRegistered, PROCESSES_DIR_VARIABLE } from './processes';

export default function globalTeardown() {
  const dir = process.env[PROCESSES_DIR_VARIABLE];
  if (!dir) return;
  for (const command of killRegistered(dir)) console.warn(`e2e: killed a process left running: ${command}`);
  rmSync(dir, { recursive: true, force: true });
}
