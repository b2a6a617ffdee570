// Figures go to stdout (`name: value unit`), progress to stderr, so stdout stays clean for parsers.
const started = performance.now();
const live = Boolean(process.stderr.isTTY);
let steps = 1;
let step = 0;
let label = '';
let detail = '';
let lastPlain = '';

export const elapsedSeconds = () => (performance.now() - started) / 1000;

function clock(seconds: number) {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

function statusLine() {
  const width = String(steps).length;
  return `[${String(step).padStart(width)}/${steps}] ${clock(elapsedSeconds())}  ${label}${detail ? ` · ${detail}` : ''}`;
}

function render() {
  const line = statusLine();
  if (live) {
    process.stderr.write(`\r\x1b[K${line.slice(0, (process.stderr.columns || 120) - 1)}`);
  } else {
    // Without a terminal every change would be a new line: print only step changes and details.
    const plain = `${label}${detail ? ` · ${detail}` : ''}`;
    if (plain !== lastPlain) process.stderr.write(`${line}\n`);
    lastPlain = plain;
  }
}

function clear() {
  if (live) process.stderr.write('\r\x1b[K');
}

export function planSteps(count: number) {
  steps = count;
}

export function begin(what: string) {
  step = Math.min(step + 1, steps);
  label = what;
  detail = '';
  render();
}

export function note(text: string) {
  detail = text;
  render();
}

export function print(line: string) {
  clear();
  process.stdout.write(`${line}\n`);
  if (live) render();
}

export function warn(text: string) {
  clear();
  process.stderr.write(`! ${text}\n`);
  if (live) render();
}

export function done() {
  clear();
}
