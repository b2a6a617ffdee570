#!/usr/bin/env bash
# Rebrands a copy of the committed tree (git archive HEAD) to "Shelfie" and checks what a fork checks
# first: the old name is gone, and the code still type-checks, lints and passes the tests that read the
# identity (docs/guides/theming.md). Run by .ci/run; locally after a commit. About 3 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(node --experimental-strip-types --no-warnings=ExperimentalWarning -e "import('./src/lib/identity.ts').then((m) => console.log(m.identity.name))")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
git archive HEAD | tar -x -C "$dir"
ln -s "$PWD/node_modules" "$dir/node_modules"
cd "$dir"

snapshot() { cat src/lib/identity.ts src/styles.css Dockerfile package.json package-lock.json compose.yaml | sha256sum; }
before=$(snapshot)
# Refused in one line, nothing written.
for bad in '--name=' '--color=not-a-colour' '--color=oklch(0.6 0.1 185 / 50%)'; do
  if out=$(npm run --silent rebrand -- "$bad" 2>&1); then echo "rebrand accepted $bad"; exit 1; fi
  [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] || { printf 'rebrand %s answered more than one line:\n%s\n' "$bad" "$out"; exit 1; }
  [ "$(snapshot)" = "$before" ] || { echo "rebrand $bad wrote something"; exit 1; }
done

said=$(npm run --silent rebrand -- --name Shelfie --color "oklch(0.6 0.1 185)" --contact hello@shelfie.example)
printf '%s\n' "$said"
[ "$(snapshot)" != "$before" ] || { echo "rebrand wrote nothing"; exit 1; }
# The prose it leaves as written, it names.
printf '%s\n' "$said" | grep -q "README.md, docs/product.md and the guides still describe" || { echo "rebrand did not say the README is the starter's"; exit 1; }

# What a person would expect to keep: the PostgreSQL setting migration 0007 reads (prune.ts sets it), and
# the container check's cached base image and its names.
left=$(grep -rIil -- "$old" src public scripts e2e tests compose.yaml 2>/dev/null | grep -v -x -e src/server/audit/prune.ts -e scripts/container-check.sh -e scripts/rebrand.ts || true)
if [ -n "$left" ]; then
  echo "the old name \"$old\" is still in:"
  grep -rIin -- "$old" $left
  exit 1
fi

# What a user and a mail client see, with the new name written out.
node --experimental-strip-types --no-warnings=ExperimentalWarning --input-type=module -e "
import assert from 'node:assert/strict';
const { identity, identitySlug } = await import('./src/lib/identity.ts');
const { pageTitle } = await import('./src/lib/utils.ts');
const { brandAssets } = await import('./scripts/brand-assets.ts');
assert.equal(identity.name, 'Shelfie');
assert.equal(identitySlug, 'shelfie');
assert.equal(pageTitle('Sign in'), 'Sign in | Shelfie');
const manifest = JSON.parse(await brandAssets['manifest.webmanifest'].source());
assert.equal(manifest.name, 'Shelfie');
assert.equal(manifest.theme_color, '#1b9388');
console.log('the sign-in page title, the manifest and the export file name say Shelfie');
"

npx tsc --noEmit
npx eslint . --max-warnings 0
npx prettier --check .
# The tests that read the identity: its tokens, icons, manifest and e-mails in four languages, the
# configuration's defaults, the OpenAPI document, the data export's file name.
npx vitest run tests/identity.test.ts tests/theme-tokens.test.ts src/server/env.test.ts src/server/email/mailer.test.ts \
  src/server/openapi.test.ts src/features/account/account-export.api.test.ts
echo "rebranded to Shelfie: type check, lint and the identity's tests pass"
