#!/usr/bin/env node
/**
 * Runs first in every npm script: on a Node.js older than package.json's `engines.node`, it says
 * so in one line on stderr and exits 1, before anything fails in a cryptic way (decision 027).
 * It must itself run on old Node versions: no dependency, and only syntax Node 14 understands
 * (no `??`, no `?.`, no top-level await).
 *
 * SPRINGBOARD_NODE_VERSION stands in for the running version (for the tests only).
 */
import { readFileSync } from 'fs';

/** [major, minor, patch] of "22.12.0", "v22.12", ">=22.12" (missing parts are 0). */
function parts(version) {
  var match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
  if (!match) return [0, 0, 0];
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/** The one-line problem with `current` against the range `required` (">=22.12"), or '' when it fits. */
export function nodeVersionProblem(current, required) {
  var have = parts(current);
  var need = parts(required);
  for (var i = 0; i < 3; i++) {
    if (have[i] > need[i]) return '';
    if (have[i] < need[i]) {
      var display = required.replace(/^\s*>=\s*/, '');
      return (
        'Springboard needs Node.js >= ' +
        display +
        '; this is Node ' +
        String(current).replace(/^v/, '') +
        '. Install Node ' +
        need[0] +
        ' (e.g. `nvm install`, reading .nvmrc) and run the command again.'
      );
    }
  }
  return '';
}

(function main() {
  var pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  var problem = nodeVersionProblem(process.env.SPRINGBOARD_NODE_VERSION || process.versions.node, pkg.engines.node);
  if (problem) {
    process.stderr.write(problem + '\n');
    process.exit(1);
  }
})();
