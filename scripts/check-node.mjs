#!/usr/bin/env node
// Runs first in every npm script (CHECK_NODE_VERSION stands in for the version, in tests).
// It must run on old Node itself: no dependency, only Node 14 syntax (no `??`, `?.`, top-level await).
import { readFileSync } from 'fs';

/** Missing parts are 0. */
function parts(version) {
  var match = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(version);
  if (!match) return [0, 0, 0];
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/** '' when `current` fits. */
export function nodeVersionProblem(current, required) {
  var have = parts(current);
  var need = parts(required);
  for (var i = 0; i < 3; i++) {
    if (have[i] > need[i]) return '';
    if (have[i] < need[i]) {
      var display = required.replace(/^\s*>=\s*/, '');
      return (
        'This application needs Node.js >= ' +
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
  var problem = nodeVersionProblem(process.env.CHECK_NODE_VERSION || process.versions.node, pkg.engines.node);
  if (problem) {
    process.stderr.write(problem + '\n');
    process.exit(1);
  }
})();
