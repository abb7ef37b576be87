#!/usr/bin/env bash
# The browser client's modules under node's own test runner (no npm
# packages): tests/web/*.test.mjs.  Node comes with the README's test
# command; without it this fails rather than skips.
set -euo pipefail
cd "${SK_ROOT:-$(dirname "$0")/..}"
command -v node >/dev/null || { echo "test_web: node is not installed (README's test command installs it)"; exit 1; }
node --test tests/web/
