/**
 * The progress display. Figures go to stdout (`name: value unit`, the contract's format); the
 * progress goes to stderr: one status line rewritten in place on a terminal, plain lines
 * otherwise (CI logs), so stdout stays clean for anything that parses it.
 */
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

/** How many steps the run has (the denominator of the display). */
export function planSteps(count: number) {
  steps = count;
}

/** A new step begins. */
export function begin(what: string) {
  step = Math.min(step + 1, steps);
  label = what;
  detail = '';
  render();
}

/** What the current step is doing now (e.g. "run 2/3, 4 s"). */
export function note(text: string) {
  detail = text;
  render();
}

/** Prints a line on stdout without garbling the status line. */
export function print(line: string) {
  clear();
  process.stdout.write(`${line}\n`);
  if (live) render();
}

/** A warning on stderr, kept visible (not overwritten by the status line). */
export function warn(text: string) {
  clear();
  process.stderr.write(`! ${text}\n`);
  if (live) render();
}

export function done() {
  clear();
}
