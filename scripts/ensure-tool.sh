#!/usr/bin/env bash
# Makes sure a program the tests need is there, installing its Debian package when it is not
# (Playwright's own browser download is not reachable here; nginx fronts the scale-out test).
# Prints the path to use.
#
#   bash scripts/ensure-tool.sh chromium   # $CHROMIUM_PATH, else Debian's chromium
#   bash scripts/ensure-tool.sh nginx
#   bash scripts/ensure-tool.sh podman        # the container test builds the image with it
#   bash scripts/ensure-tool.sh debootstrap   # ... from a Debian base made here (no registry)
set -euo pipefail

tool=${1:?usage: ensure-tool.sh chromium|nginx|podman|debootstrap}
case $tool in
  chromium)
    package=chromium
    candidates=("${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable)
    hint="set CHROMIUM_PATH to a Chromium or Chrome binary"
    ;;
  nginx)
    package=nginx
    candidates=(/usr/sbin/nginx /usr/local/sbin/nginx /usr/local/bin/nginx)
    hint="install nginx yourself"
    ;;
  podman)
    package=podman
    candidates=(/usr/bin/podman /usr/local/bin/podman)
    hint="install podman yourself"
    ;;
  debootstrap)
    package=debootstrap
    candidates=(/usr/sbin/debootstrap /usr/bin/debootstrap)
    hint="install debootstrap yourself"
    ;;
  *)
    echo "ensure-tool: unknown tool $tool" >&2
    exit 2
    ;;
esac

find_tool() {
  local candidate
  for candidate in "${candidates[@]}"; do
    if [[ -n "$candidate" && -x "$candidate" ]]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

if path=$(find_tool); then
  echo "$path"
  exit 0
fi

echo "ensure-tool: no $tool found; installing Debian's $package package..." >&2
if [[ $(id -u) -eq 0 ]]; then SUDO=(); elif command -v sudo >/dev/null; then SUDO=(sudo -n); else
  echo "ensure-tool: not root and no sudo: apt-get install $package, or $hint." >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get update -q >&2 ||
  ! "${SUDO[@]}" apt-get install -y -q --no-install-recommends "$package" >&2; then
  echo "ensure-tool: apt-get could not install $package; $hint." >&2
  exit 1
fi
if path=$(find_tool); then
  echo "$path"
  exit 0
fi
echo "ensure-tool: $package was installed but no $tool binary was found." >&2
exit 1
