#!/usr/bin/env bash
# Removes the example catalogue from a copy of the committed tree (git archive HEAD) and runs what a fork runs
# next (decision 093): the type check, the lint (ESLint, knip, Prettier) and the unit tests; then scaffolds a
# resource in the emptied tree, as docs/guides/adding-a-resource.md starts a product. Run by .ci/run; locally
# after a commit. On an idle 2-core machine about as long as `npm run typecheck && npm run lint && npm run
# test:unit` on the committed tree; far longer on a loaded one.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
git archive HEAD | tar -x -C "$dir"
ln -s "$PWD/node_modules" "$dir/node_modules"
cd "$dir"

npm run --silent remove-example
# A second run is refused; the migration drops the catalogue's tables.
if npm run --silent remove-example 2>/dev/null; then echo "remove-example ran a second time"; exit 1; fi
ls drizzle/*_remove_example.sql >/dev/null
for table in book genre shelf_item; do grep -q "DROP TABLE \"$table\"" drizzle/*_remove_example.sql; done

npm run typecheck
npm run lint
# The unit tests: in CI (CI=true) the ones across the whole product (the permission matrix, the page sweep, the
# import graph, migrations, the export's coverage, the configuration), and the API suites of shared machinery that
# once reached it through the catalogue's endpoints, events or grants (a second factor and its policy, a recent
# sign-in, API keys, the audit log, the demo's bulk refusals, webhooks): a removal that breaks one fails CI that
# day. On the embedded database: CI's 90 minutes hold the committed tree's `npm test` beside this (decision 093).
# `--full` (or run locally) runs them all, once, on the embedded database: the *.pg.test.ts files are the same
# suites on PostgreSQL.
if [ "${CI:-}" = true ] && [ "${1:-}" != --full ]; then
  env -u TEST_DATABASE_URL npx vitest run tests/ src/features/account/account-export-coverage.test.ts src/server/env.test.ts \
    src/server/db/db.test.ts src/features/account/two-factor.api.test.ts src/features/account/two-factor-policy.api.test.ts \
    src/features/account/recent-sign-in.api.test.ts src/features/api-keys/api-keys.api.test.ts src/features/audit/audit.api.test.ts \
    src/features/users/users-bulk-demo.api.test.ts src/features/webhooks/webhooks.api.test.ts
else
  env -u TEST_DATABASE_URL npm run test:unit
fi

# A fork's first resource, in the emptied tree: the scaffold finds every anchor it needs.
npm run scaffold -- publisher
npx tsc --noEmit
npx vitest run src/features/publishers tests/permission-matrix.test.ts
echo "example removed: type check, lint, unit tests and a scaffolded resource pass"
