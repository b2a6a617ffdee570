#!/usr/bin/env bash
# Builds the production image (Dockerfile) without Docker and checks what it runs (decision 070).
# Where no container can be started (no Docker daemon; `podman run` fails), the image's root is
# mounted with buildah and its command run with chroot: same files, user, environment and command,
# on the host's network. Run as root, from anywhere in a checkout after `npm ci` (the SMTP sink is
# e2e/support/smtp-sink.ts). Non-interactive; exits non-zero on the first failed check.
#
# 1. A base image like node:22-bookworm-slim (Docker Hub is out of reach): debootstrap's minbase
#    bookworm, this machine's Node 22 binary, npm 10 from the npm registry, a user `node` (uid 1000).
#    Cached as a tarball in ~/.cache/springboard-base (SPRINGBOARD_BASE_CACHE), imported once.
# 2. `buildah bud --isolation=chroot --format docker --layers` (the docker format keeps HEALTHCHECK;
#    --layers keeps the npm ci layers for the next run).
# 3. The image's command, as its user, with an SMTP sink: /api/health, a sign-in with a code sent by
#    e-mail, the process's uid, the image's metadata and files, SIGTERM.
# shellcheck disable=SC2015,SC2016,SC2012 # `ok` never fails; single-quoted code is JavaScript; ls lists known names.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

IMAGE=${IMAGE:-localhost/springboard:check}
BASE_TAG=localhost/springboard-base:bookworm-node22
BASE_CACHE=${SPRINGBOARD_BASE_CACHE:-$HOME/.cache/springboard-base}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
NPM_SPEC=npm@10
# Bump when the base image's recipe below changes: the cached tarball is then made again.
BASE_RECIPE=2
PORT=${CHECK_PORT:-3999}
EMAIL=admin@example.com
export NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false

started=$(date +%s.%N)
mark=$started
failures=0
timings=()

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
step() {
  local t
  t=$(now)
  printf '\n== %s (at %ss)\n' "$1" "$(secs "$started" "$t")"
}
# The time since the last call, under a name.
timed() {
  local t
  t=$(now)
  timings+=("$1: $(secs "$mark" "$t") s")
  mark=$t
}
ok() { printf 'ok   %s\n' "$1"; }
fail() {
  printf 'FAIL %s\n' "$1"
  failures=$((failures + 1))
}
die() {
  printf 'FAIL %s\n' "$1" >&2
  exit 1
}

step "Prerequisites"
[ "$(id -u)" = 0 ] || die "run as root: buildah, mount and chroot need it"
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
[ "$node_major" = 22 ] || die "Node 22 must be first on PATH (this is $(node --version 2>/dev/null || echo none))"
[ -d node_modules/smtp-server ] || die "node_modules is missing: run npm ci first (the SMTP sink is e2e/support/smtp-sink.ts)"
missing=()
for tool in buildah podman debootstrap curl; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} from Debian"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null
  apt-get install -y -qq "${missing[@]}" </dev/null >/dev/null
fi
echo "$(buildah --version); $(podman --version); debootstrap $(debootstrap --version | awk '{print $2}'); node $(node --version)"
timed "prerequisites"

tmp=$(mktemp -d /tmp/springboard-container-check.XXXXXX)
ctr=''
mnt=''
server_pid=''
sink_pid=''
cleanup() {
  set +e
  [ -n "$server_pid" ] && kill -KILL "$server_pid" 2>/dev/null
  [ -n "$sink_pid" ] && kill -KILL "$sink_pid" 2>/dev/null
  if [ -n "$mnt" ]; then
    mountpoint -q "$mnt/proc" && umount "$mnt/proc"
    mountpoint -q "$mnt/dev" && umount "$mnt/dev"
  fi
  [ -n "$ctr" ] && buildah rm "$ctr" >/dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

step "Base image $BASE_TAG (cache: $BASE_CACHE)"
node_bin=$(readlink -f "$(command -v node)")
node_version=$(node -p process.versions.node)
stamp="recipe $BASE_RECIPE: debootstrap minbase bookworm; node $node_version; $NPM_SPEC"
mkdir -p "$BASE_CACHE"
rebuilt=0
if [ -f "$BASE_CACHE/rootfs.tar" ] && [ "$(cat "$BASE_CACHE/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "cached: $(cat "$BASE_CACHE/stamp") ($(du -h "$BASE_CACHE/rootfs.tar" | cut -f1))"
else
  rootfs="$tmp/rootfs"
  t=$(now)
  debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >"$tmp/debootstrap.log" 2>&1 || {
    tail -20 "$tmp/debootstrap.log"
    die "debootstrap failed"
  }
  timings+=("(debootstrap minbase bookworm: $(secs "$t" "$(now)") s)")
  # As the official image lays them out: node and npm under /usr/local, a user node (1000:1000).
  install -m 0755 "$node_bin" "$rootfs/usr/local/bin/node"
  (cd "$tmp" && npm pack --silent "$NPM_SPEC" >npm-pack.txt)
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$tmp/$(tail -1 "$tmp/npm-pack.txt")" --strip-components=1 --no-same-owner -C "$rootfs/usr/local/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  echo "base: $(chroot "$rootfs" /usr/local/bin/node --version), npm $(chroot "$rootfs" /usr/local/bin/node /usr/local/bin/npm --version)"
  # /tmp too: npm's run above left a compile cache there that the app's user could not write to.
  rm -rf "$rootfs"/tmp/* "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  tar -C "$rootfs" --numeric-owner --exclude='./dev/*' --exclude='./proc/*' --exclude='./sys/*' -cf "$BASE_CACHE/rootfs.tar.part" .
  mv "$BASE_CACHE/rootfs.tar.part" "$BASE_CACHE/rootfs.tar"
  echo "$stamp" >"$BASE_CACHE/stamp"
  rm -rf "$rootfs"
  rebuilt=1
fi
label=$(podman image inspect --format '{{ index .Labels "springboard.base" }}' "$BASE_TAG" 2>/dev/null || true)
if [ "$rebuilt" = 1 ] || [ "$label" != "$stamp" ]; then
  podman rmi -f "$BASE_TAG" >/dev/null 2>&1 || true
  podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change "LABEL springboard.base=\"$stamp\"" \
    --change 'CMD ["node"]' \
    "$BASE_CACHE/rootfs.tar" "$BASE_TAG" >/dev/null
  echo "imported $BASE_TAG"
else
  echo "$BASE_TAG is in the image store already"
fi
timed "base image (debootstrap included)"

step "Build $IMAGE (buildah bud --isolation=chroot)"
# Behind a TLS-inspecting proxy (NODE_EXTRA_CA_CERTS names its CA), npm in the build trusts the same
# certificates through a global npmrc (npm's is /usr/local/etc/npmrc) in a folder mounted over
# /usr/local/etc for the RUN steps only: the folder exists in the base, so no trace enters a layer.
build_mounts=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  mkdir "$tmp/npm-etc"
  cp "$NODE_EXTRA_CA_CERTS" "$tmp/npm-etc/build-ca.crt"
  echo 'cafile=/usr/local/etc/build-ca.crt' >"$tmp/npm-etc/npmrc"
  build_mounts=(-v "$tmp/npm-etc:/usr/local/etc:ro")
  echo "npm in the build trusts $NODE_EXTRA_CA_CERTS (NODE_EXTRA_CA_CERTS)"
fi
# Each line of the log with the seconds since the build began.
buildah bud --isolation=chroot --format docker --layers --pull=never "${build_mounts[@]}" \
  --build-arg "BASE_IMAGE=$BASE_TAG" -f Dockerfile -t "$IMAGE" . 2>&1 |
  while IFS= read -r line; do printf '%6.1f %s\n' "$(secs "$mark" "$(now)")" "$line"; done >"$tmp/build.log" || {
  tail -40 "$tmp/build.log"
  die "the image did not build"
}
grep -E '^ *[0-9.]+ (\[[0-9]+/[0-9]+\] STEP|STEP|COMMIT|--> Using cache|added [0-9]+ packages|✓ built in)' "$tmp/build.log" | cut -c1-150 || true
timed "image build"

step "The image"
config=$(buildah inspect --type image "$IMAGE")
# Fields of the image's configuration, one per line.
field() { node -e 'const c = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log([].concat(eval(process.argv[1]) ?? "").join("\n"))' "$1" <<<"$config"; }
user=$(field 'c.Docker.config.User')
workdir=$(field 'c.Docker.config.WorkingDir')
mapfile -t cmd < <(field 'c.Docker.config.Cmd')
mapfile -t image_env < <(field 'c.Docker.config.Env')
healthcheck=$(field 'c.Docker.config.Healthcheck?.Test?.join(" ")')
stopsignal=$(field 'c.Docker.config.StopSignal')
volumes=$(field 'Object.keys(c.Docker.config.Volumes ?? {})')
ports=$(field 'Object.keys(c.Docker.config.ExposedPorts ?? {})')
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
echo "size $((size / 1000000)) MB; user '$user'; workdir $workdir; cmd ${cmd[*]}; stop signal $stopsignal; volumes $volumes; ports $ports"
echo "env: ${image_env[*]}"
echo "healthcheck: $healthcheck"
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] && ok "USER is $user" || fail "USER is '$user'"
[[ "$healthcheck" == *"/api/health"* ]] && ok "HEALTHCHECK asks /api/health" || fail "no HEALTHCHECK on /api/health"
[ "$stopsignal" = SIGTERM ] && ok "STOPSIGNAL SIGTERM" || fail "STOPSIGNAL is '$stopsignal'"
[ "$volumes" = /data ] && ok "VOLUME /data" || fail "volumes: $volumes"
[ "$ports" = 3000/tcp ] && ok "EXPOSE 3000" || fail "exposed: $ports"

# A container left by a run that was killed outright (SIGKILL) goes first, with the processes still
# running in it and its mounts.
if buildah inspect --type container springboard-check >/dev/null 2>&1; then
  old=$(buildah mount springboard-check)
  for root in /proc/[0-9]*/root; do
    if [ "$(readlink "$root" 2>/dev/null)" = "$old" ]; then
      pid=${root#/proc/}
      pid=${pid%/root}
      echo "stopping process $pid left in $old"
      kill -KILL "$pid" 2>/dev/null || true
    fi
  done
  sleep 0.5
  umount "$old/proc" "$old/dev" 2>/dev/null || true
  buildah rm springboard-check >/dev/null
fi
ctr=$(buildah from --pull=never --name springboard-check "$IMAGE")
mnt=$(buildah mount "$ctr")
echo "container $ctr mounted at $mnt"
app="$mnt$workdir"
echo "$workdir: $(cd "$app" && ls -A | tr '\n' ' ')"
echo "sizes: $(cd "$app" && du -sh node_modules dist | tr '\n\t' '  ')"
# What only the development tools need (package-lock.json's "dev": true) is not in the image. vite,
# vitest and typescript may be: optional peers of production packages, which npm installs anyway.
mapfile -t present < <(node -e '
  const fs = require("fs"), app = process.argv[1], lock = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  for (const [where, p] of Object.entries(lock.packages)) if (p.dev && fs.existsSync(app + "/" + where)) console.log(where);
' "$app" "$repo/package-lock.json")
[ ${#present[@]} = 0 ] && ok "no development-only package in node_modules" || fail "development-only packages in the image: ${present[*]:0:10}"
for pkg in @playwright/test playwright eslint knip lighthouse smtp-server s3rver oidc-provider; do
  [ ! -e "$app/node_modules/$pkg" ] || fail "$pkg is in the image"
done
also=$(cd "$app/node_modules" && ls -d vite vitest typescript drizzle-kit prettier 2>/dev/null | tr '\n' ' ' || true)
echo "devDependencies also installed as production packages' dependencies or optional peers: ${also:-none}"
[ ! -e "$app/src" ] && ok "no src/ in the image" || fail "src/ is in the image"
timed "image checks"

step "Run the image's command as its user (chroot), with an SMTP sink"
node --experimental-strip-types --no-warnings=ExperimentalWarning --input-type=module -e '
  import { renameSync, writeFileSync } from "node:fs";
  const [dir, email, module] = process.argv.slice(1);
  const { startSmtpSink } = await import(module);
  const sink = await startSmtpSink();
  writeFileSync(`${dir}/smtp-url`, sink.url);
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      writeFileSync(`${dir}/code.part`, await sink.waitForCode(email));
      renameSync(`${dir}/code.part`, `${dir}/code`);
      break;
    } catch (error) {
      if (Date.now() > deadline || !/within 15 s/.test(error.message)) throw error;
    }
  }
  await sink.close();
' "$tmp" "$EMAIL" "$repo/e2e/support/smtp-sink.ts" >"$tmp/sink.log" 2>&1 &
sink_pid=$!
for _ in $(seq 1 100); do [ -s "$tmp/smtp-url" ] && break; sleep 0.1; done
[ -s "$tmp/smtp-url" ] || die "the SMTP sink did not start: $(cat "$tmp/sink.log")"
smtp_url=$(cat "$tmp/smtp-url")

case "$user" in
  *[!0-9:]*) ids=$(awk -F: -v u="${user%%:*}" '$1 == u { print $3 ":" $4 }' "$mnt/etc/passwd") ;;
  *) ids=$user ;;
esac
[ -n "$ids" ] || die "user '$user' is not in the image's /etc/passwd"
uid=${ids%%:*}
base_url="http://127.0.0.1:$PORT"
if curl -s -o /dev/null "$base_url/"; then die "something answers on port $PORT already (CHECK_PORT chooses another)"; fi
mount -t proc proc "$mnt/proc"
mount --bind /dev "$mnt/dev"
# The image's environment, and these (HOST: only this machine reaches the server).
overrides=("PORT=$PORT" "BASE_URL=$base_url" "EMAIL_SERVER=$smtp_url" "HOST=127.0.0.1")
run_env=()
for pair in "${image_env[@]}"; do [[ " ${overrides[*]%%=*} " == *" ${pair%%=*} "* ]] || run_env+=("$pair"); done
run_env+=("${overrides[@]}")
echo "chroot --userspec=$ids $mnt env -i -C $workdir ${run_env[*]} ${cmd[*]}"
t=$(now)
chroot --userspec="$ids" "$mnt" /usr/bin/env -i -C "$workdir" "${run_env[@]}" "${cmd[@]}" >"$tmp/server.log" 2>&1 &
server_pid=$!
healthy=0
for _ in $(seq 1 600); do
  kill -0 "$server_pid" 2>/dev/null || break
  if [ "$(curl -s -o /dev/null -w '%{http_code}' "$base_url/api/health")" = 200 ]; then
    healthy=1
    break
  fi
  sleep 0.2
done
if [ "$healthy" = 1 ]; then
  ok "/api/health answers 200 ($(secs "$t" "$(now)") s after the start, seeding a new embedded database)"
else
  cat "$tmp/server.log"
  die "/api/health did not answer 200 within 120 s"
fi
grep -m1 ' ready on ' "$tmp/server.log" || true

status=$(awk '/^Uid:/ { print $2, $3, $4, $5 }' "/proc/$server_pid/status")
[ "$status" = "$uid $uid $uid $uid" ] && ok "the server (pid $server_pid, $(cat "/proc/$server_pid/comm")) runs as uid $uid: Uid $status" || fail "the server's Uid line is '$status', not $uid"
[ "$(readlink "/proc/$server_pid/root")" = "$mnt" ] && ok "its root is the image's" || fail "its root is $(readlink "/proc/$server_pid/root")"

# The image's HEALTHCHECK command as Docker runs it: inside the image, as its user, its environment.
mapfile -t probe < <(field 'c.Docker.config.Healthcheck?.Test?.slice(1)')
if [ "$(field 'c.Docker.config.Healthcheck?.Test?.[0]')" = CMD ] &&
  chroot --userspec="$ids" "$mnt" /usr/bin/env -i -C "$workdir" "${run_env[@]}" "${probe[@]}"; then
  ok "the HEALTHCHECK command exits 0 inside the image"
else
  fail "the HEALTHCHECK command failed inside the image"
fi

json=(-H 'Content-Type: application/json' -H "Origin: $base_url")
code=$(curl -s -o "$tmp/send.json" -w '%{http_code}' "${json[@]}" -d "{\"email\":\"$EMAIL\",\"type\":\"sign-in\"}" "$base_url/api/auth/email-otp/send-verification-otp")
[ "$code" = 200 ] && ok "a code was asked for $EMAIL" || fail "send-verification-otp answered $code: $(cat "$tmp/send.json")"
for _ in $(seq 1 200); do [ -s "$tmp/code" ] && break; sleep 0.1; done
if [ -s "$tmp/code" ]; then
  ok "the code arrived at the SMTP sink"
  code=$(curl -s -c "$tmp/cookies" -o "$tmp/sign-in.json" -w '%{http_code}' "${json[@]}" -d "{\"email\":\"$EMAIL\",\"otp\":\"$(cat "$tmp/code")\"}" "$base_url/api/auth/sign-in/email-otp")
  [ "$code" = 200 ] && ok "signed in with it" || fail "sign-in/email-otp answered $code: $(cat "$tmp/sign-in.json")"
  session=$(curl -s -b "$tmp/cookies" "$base_url/api/auth/get-session")
  [[ "$session" == *"\"email\":\"$EMAIL\""* ]] && ok "the session is $EMAIL's" || fail "get-session: $session"
else
  fail "no code reached the SMTP sink: $(cat "$tmp/sink.log")"
fi
code=$(curl -s -o /dev/null -w '%{http_code}' "$base_url/login")
[ "$code" = 200 ] && ok "/login answers 200" || fail "/login answered $code"
if [ -d "$mnt/data/pglite" ] && [ "$(stat -c %u "$mnt/data/pglite")" = "$uid" ]; then
  ok "the embedded database is in /data, owned by uid $uid"
else
  fail "no /data/pglite owned by $uid"
fi
timed "run and sign-in"

t=$(now)
kill -TERM "$server_pid"
exit_code=0
for _ in $(seq 1 150); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$server_pid" 2>/dev/null; then
  fail "the server was still running 15 s after SIGTERM"
else
  wait "$server_pid" || exit_code=$?
  server_pid=''
  [ "$exit_code" = 0 ] && ok "SIGTERM: the server stopped with exit code 0 in $(secs "$t" "$(now)") s" || fail "SIGTERM: exit code $exit_code"
fi
grep -q 'SIGTERM: shutting down' "$tmp/server.log" && ok "it logged its shutdown" || fail "no shutdown line in its log"
if grep -Eq '"level":(50|60)' "$tmp/server.log"; then
  grep -E '"level":(50|60)' "$tmp/server.log" | cut -c1-300
  fail "errors in the server's log"
fi
timed "stop"

umount "$mnt/proc" "$mnt/dev"
buildah rm "$ctr" >/dev/null
ctr=''

printf '\n== Timings\n'
printf '%s\n' "${timings[@]}"
echo "total: $(secs "$started" "$(now)") s; image $IMAGE: $((size / 1000000)) MB"
if [ "$failures" -gt 0 ]; then
  echo "$failures check(s) failed"
  exit 1
fi
echo "all checks passed"
