#!/usr/bin/env bash
# Scaffolds throwaway resources in a copy of the committed tree (git archive HEAD) and runs their checks:
# what a fork does first (docs/guides/adding-a-resource.md). Run by .ci/run; locally after a commit.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
git archive HEAD | tar -x -C "$dir"
ln -s "$PWD/node_modules" "$dir/node_modules"
cd "$dir"
# Three resources, each finding every anchor the one before left, after formatting:
# - publisher: managed by admins, with a field of every type (`npm run scaffold -- --help`);
# - person: owned by its creators (--owned), with a plural the rule does not give (--plural people: the folder,
#   the identifiers, the API's and the pages' paths, the namespace);
# - review: an owned child of the book (--owned --parent book), a rating from 1 to 5 and a text: its list on the
#   book's pages (the route composes it), its collection under /books/{bookId}/reviews, its search over the join,
#   and its two-user test, where another person's edit is refused by the middleware alone.
npm run scaffold -- publisher --field website:text --field about:longtext --field staff:int:1-100000 --field active:bool \
  --field status:enum:draft,published,archived --field founded:date --field flagship:ref:book
npm run scaffold -- person --owned --plural people
npm run scaffold -- review --owned --parent book --field rating:int:1-5 --field comment:longtext
npx tsc --noEmit
npx eslint . --max-warnings 0
npx prettier --check .
npx knip
npx vitest run src/features/reviews src/features/people src/features/publishers src/features/account/account-export-coverage.test.ts \
  tests/permission-matrix.test.ts tests/migrations.test.ts tests/pages.test.ts src/lib src/server/db/db.test.ts \
  src/server/mcp/mcp.api.test.ts
npx vite build
npx playwright test e2e/reviews.spec.ts e2e/people.spec.ts e2e/publishers.spec.ts
# The tests the scaffold edits elsewhere: the manager's navigation and the app's (the owned resources) list them.
# And those a new resource once broke (#56): a key's permissions offered to a user, the book's page asking again for
# what its loader had (the reviews' list), the MCP tools above.
npx playwright test e2e/interface.spec.ts e2e/api-keys.spec.ts e2e/catalog.spec.ts \
  --grep "the manager's navigation|the manager's 403 shows inside the app|API key|does not ask again"
