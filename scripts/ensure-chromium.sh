#!/usr/bin/env bash
# Makes sure a Chromium for Playwright exists (Playwright's own browser download is not
# reachable here). Prints the path to use; installs Debian's chromium when none is found.
set -euo pipefail

find_chromium() {
  local candidate
  for candidate in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser \
    /usr/bin/google-chrome /usr/bin/google-chrome-stable; do
    if [[ -n "$candidate" && -x "$candidate" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if path=$(find_chromium); then
  echo "$path"
  exit 0
fi

echo "ensure-chromium: no Chromium found; installing Debian's chromium package..." >&2
if [[ $(id -u) -eq 0 ]]; then SUDO=(); elif command -v sudo >/dev/null; then SUDO=(sudo -n); else
  echo "ensure-chromium: not root and no sudo: install chromium yourself (apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update -q >&2 ||
  ! "${SUDO[@]}" apt-get install -y -q chromium >&2; then
  echo "ensure-chromium: apt-get could not install chromium; set CHROMIUM_PATH to a Chromium or Chrome binary." >&2
  exit 1
fi
if path=$(find_chromium); then
  echo "$path"
  exit 0
fi
echo "ensure-chromium: chromium was installed but no binary was found in /usr/bin." >&2
exit 1
