#!/usr/bin/env bash
# `npm test`: typecheck, import boundaries, lint (ESLint and Prettier), unit, integration on PGlite,
# integration on PostgreSQL (when TEST_DATABASE_URL is set), then build and e2e in Chromium,
# resilience, and the container image (built with podman, started from its file system). Every
# stage runs even when an earlier one failed, so one run shows everything; the last line sums the tests of all stages
# ("N passed, N failed") and the exit code is non-zero when anything failed.
#
#   npm test                         all stages
#   npm test -- unit integration     only some (typecheck boundaries lint unit integration pg e2e resilience container)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
# The project's pinned Node (the `node` package) must win over the system one, also when this
# script is run directly rather than through npm.
export PATH="$ROOT/node_modules/.bin:$PATH"
export NODE_ENV=test ASTRO_TELEMETRY_DISABLED=1

REPORTS=$(mktemp -d "${TMPDIR:-/tmp}/shop-test-reports.XXXXXX")
trap 'rm -rf "$REPORTS"' EXIT

STAGES=("$@")
[[ ${#STAGES[@]} -eq 0 ]] && STAGES=(typecheck boundaries lint unit integration pg e2e resilience container)
wants() { local s; for s in "${STAGES[@]}"; do [[ $s == "$1" ]] && return 0; done; return 1; }

PASSED=0
FAILED=0
SKIPPED=0
SUMMARY=()

header() { printf '\n\033[1m==== %s ====\033[0m\n' "$1"; }

# record NAME EXIT_CODE PASSED FAILED SKIPPED SECONDS
record() {
  local name=$1 code=$2 passed=$3 failed=$4 skipped=$5 seconds=$6
  # A runner that failed without a failed test (crash, global setup, compile error) still counts.
  if [[ $code -ne 0 && $failed -eq 0 ]]; then failed=1; fi
  PASSED=$((PASSED + passed))
  FAILED=$((FAILED + failed))
  SKIPPED=$((SKIPPED + skipped))
  SUMMARY+=("$(printf '%-22s %4d passed %4d failed %4d skipped %5ds' "$name" "$passed" "$failed" "$skipped" "$seconds")")
}

# Prints "passed failed skipped" from a vitest JSON report (zeros when it is missing).
vitest_counts() {
  node -e '
    const fs = require("node:fs");
    let r; try { r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch { console.log("0 0 0"); process.exit(0); }
    // A file that failed to load has no failed test of its own: count it once.
    const brokenFiles = (r.testResults ?? []).filter((f) => f.status === "failed" &&
      !(f.assertionResults ?? []).some((a) => a.status === "failed")).length;
    console.log(r.numPassedTests ?? 0, (r.numFailedTests ?? 0) + brokenFiles,
      (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0));
  ' "$1"
}

# Prints "passed failed skipped" from a Playwright JSON report.
playwright_counts() {
  node -e '
    const fs = require("node:fs");
    let r; try { r = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch { console.log("0 0 0"); process.exit(0); }
    const s = r.stats ?? {};
    console.log((s.expected ?? 0) + (s.flaky ?? 0), (s.unexpected ?? 0) + (r.errors?.length ?? 0), s.skipped ?? 0);
  ' "$1"
}

run_vitest() {
  local name=$1 project=$2; shift 2
  local report="$REPORTS/$name.json" start=$SECONDS code=0
  "$@" vitest run --project "$project" --passWithNoTests \
    --reporter=default --reporter=json --outputFile.json="$report" || code=$?
  # shellcheck disable=SC2046
  record "$name" "$code" $(vitest_counts "$report") $((SECONDS - start))
}

if wants typecheck; then
  header "1/9 typecheck (astro check)"
  start=$SECONDS code=0
  npx astro check || code=$?
  # Counted as one check so that a type error shows in the totals.
  if [[ $code -eq 0 ]]; then record typecheck 0 1 0 0 $((SECONDS - start)); else record typecheck "$code" 0 1 0 $((SECONDS - start)); fi
fi

if wants boundaries; then
  header "2/9 import boundaries (dependency-cruiser, .dependency-cruiser.cjs)"
  start=$SECONDS code=0
  node scripts/check-boundaries.mjs || code=$?
  # Counted as one check, like the type check.
  if [[ $code -eq 0 ]]; then record boundaries 0 1 0 0 $((SECONDS - start)); else record boundaries "$code" 0 1 0 $((SECONDS - start)); fi
fi

if wants lint; then
  header "3/9 lint (npm run lint: ESLint, eslint.config.js, then prettier --check)"
  start=$SECONDS code=0
  npm run --silent lint || code=$?
  # Counted as one check, like the type check.
  if [[ $code -eq 0 ]]; then record lint 0 1 0 0 $((SECONDS - start)); else record lint "$code" 0 1 0 $((SECONDS - start)); fi
fi

if wants unit; then
  header "4/9 unit tests"
  run_vitest unit unit env
fi

if wants integration; then
  header "5/9 integration tests on PGlite"
  run_vitest integration-pglite integration env -u TEST_DATABASE_URL
fi

if wants pg; then
  if [[ -n ${TEST_DATABASE_URL:-} ]]; then
    header "6/9 integration tests on PostgreSQL (${TEST_DATABASE_URL%%\?*})"
    run_vitest integration-postgres integration env TEST_DATABASE_URL="$TEST_DATABASE_URL"
  else
    header "6/9 integration tests on PostgreSQL: skipped (TEST_DATABASE_URL is not set)"
  fi
fi

if wants e2e; then
  header "7/9 build and end-to-end tests in Chromium"
  start=$SECONDS
  if ! CHROMIUM_PATH=$(bash scripts/ensure-tool.sh chromium); then
    record e2e 1 0 1 0 $((SECONDS - start))
  else
    export CHROMIUM_PATH
    echo "Chromium: $CHROMIUM_PATH"
    # The shop is built for production; the test NODE_ENV would give development builds of deps.
    if ! NODE_ENV=production npx astro build; then
      echo "astro build failed: end-to-end tests not run" >&2
      record build 1 0 1 0 $((SECONDS - start))
    else
      record build 0 0 0 0 $((SECONDS - start))
      start=$SECONDS code=0
      PLAYWRIGHT_JSON_OUTPUT_NAME="$REPORTS/e2e.json" npx playwright test --reporter=list,json || code=$?
      # shellcheck disable=SC2046
      record e2e "$code" $(playwright_counts "$REPORTS/e2e.json") $((SECONDS - start))
    fi
  fi
fi

if wants resilience; then
  # Whole shop processes from dist/ (built above, or by the tests' ensureBuilt): several
  # instances, load, database faults, shutdown, backups; on PostgreSQL too when it is given.
  header "8/9 resilience: instances, load, faults, shutdown, backups"
  # The scale-out test puts nginx in front of two instances; a missing one fails that test clearly.
  bash scripts/ensure-tool.sh nginx >/dev/null || true
  run_vitest resilience resilience env
fi

if wants container; then
  # The Dockerfile's image, built with podman on a Debian base made by debootstrap (cached in
  # /var/cache/gear-shop-test), then started as its entrypoint would (tests/helpers/container.ts).
  header "9/9 container image: podman build, then the image started from its file system"
  if ! bash scripts/ensure-tool.sh podman >/dev/null || ! bash scripts/ensure-tool.sh debootstrap >/dev/null; then
    record container 1 0 1 0 0
  else
    run_vitest container container env
  fi
fi

header "summary"
printf '%s\n' "${SUMMARY[@]}"
[[ $SKIPPED -gt 0 ]] && echo "($SKIPPED skipped)"
echo "$PASSED passed, $FAILED failed"
[[ $FAILED -eq 0 ]]
