#!/bin/sh
# Installs bindings/python with pip, offline and without build isolation (the setuptools
# already installed, as Debian's python3-setuptools), into a temporary directory, and
# probes through the installed package: its typing marker is there, the module is the
# installed one, and it answers.
# Usage: python_package_test.sh SOURCE_DIR LIBTSIVY_SO TABLE_DIR
set -eu
src=$1 library=$2 tables=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
# A copy: pip builds in the source tree, which must stay clean.
cp -r "$src/bindings/python" "$work/source"
# The first Python whose setuptools can build a wheel offline: Debian's python3 with
# python3-setuptools and python3-wheel, or any with setuptools >= 70.1 (bdist_wheel built in).
python=
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import setuptools, pip
try:
    import wheel
except ImportError:
    assert tuple(int(x) for x in setuptools.__version__.split(".")[:2]) >= (70, 1)' 2>/dev/null; then
    python=$candidate
    break
  fi
done
[ -n "$python" ] || { echo "no Python with pip and setuptools able to build a wheel offline: skipped"; exit 77; }
"$python" -m pip install --quiet --no-index --no-build-isolation --no-compile --disable-pip-version-check \
  --root-user-action=ignore --target "$work/site" "$work/source"
[ -f "$work/site/tsivy/py.typed" ] || { echo "py.typed not installed"; exit 1; }
cd "$work"
PYTHONPATH="$work/site" TSIVY_LIBRARY="$library" "$python" - "$work/site" "$tables" <<'PY'
import sys
import tsivy
assert tsivy.__file__.startswith(sys.argv[1]), tsivy.__file__
with tsivy.open_tablebase(sys.argv[2]) as tb:
    assert tb.probe_wdl("9/6B2/4W4/2W6/9 w") == 1
print("pip-installed tsivy", tsivy.version(), "from", tsivy.__file__)
PY
