#!/usr/bin/env bash
# Scaffolds a throwaway resource in a copy of the committed tree (git archive HEAD) and runs its checks:
# what a fork does first (docs/guides/adding-a-resource.md). Run by .ci/run; locally after a commit.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
git archive HEAD | tar -x -C "$dir"
ln -s "$PWD/node_modules" "$dir/node_modules"
cd "$dir"
# Two resources, one with a long name: the second finds every anchor the first left, after formatting.
npm run scaffold -- publisher
npm run scaffold -- probe
npx tsc --noEmit
npx eslint . --max-warnings 0
npx prettier --check .
npx vitest run src/features/probes src/features/publishers tests/permission-matrix.test.ts tests/migrations.test.ts src/lib src/server/db/db.test.ts
npx vite build
npx playwright test e2e/probes.spec.ts e2e/publishers.spec.ts
# The one test the scaffold edits elsewhere: the manager's navigation lists the new resources.
npx playwright test e2e/interface.spec.ts --grep "the manager's navigation"
