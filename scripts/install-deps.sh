#!/usr/bin/env bash
# Installs exactly what tsivy needs to build and test on Debian 12; does nothing when
# everything is already present. Needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  g++ cmake make pkg-config
  libopenmpi-dev openmpi-bin
  libzstd-dev libxxhash-dev
  libgtest-dev libbenchmark-dev
  libcli11-dev nlohmann-json3-dev
  libcpp-httplib-dev                            # tsivy serve
  chromium chromium-driver python3-selenium     # its browser test
  clang python3 binutils
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
