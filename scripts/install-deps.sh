#!/usr/bin/env bash
# Installs exactly what tsivy needs to build and test on Debian 12; does nothing when
# everything is already present. Needs root (or sudo) only when something is missing.
#   scripts/install-deps.sh          build and test (scripts/build.sh runs this)
#   scripts/install-deps.sh slurm    also Slurm, munge and iproute2, for the Slurm self-tests
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
  valgrind  # .ci/run: the C API tests under valgrind
  time  # /usr/bin/time: the plan test measures a run's peak memory with it
  python3-pip python3-setuptools python3-wheel  # the Python package's offline pip install and its test
)
for group in "$@"; do
  case "$group" in
    # Only the Slurm self-tests need these; the daemons are started by them, from their
    # own configuration, never as system services. iproute2 and util-linux (ip, unshare):
    # the three-node test's network namespaces.
    slurm) packages+=(slurm-wlm munge iproute2 util-linux) ;;
    *) echo "install-deps: unknown group '$group' (known: slurm)" >&2; exit 2 ;;
  esac
done

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
