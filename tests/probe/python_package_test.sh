#!/bin/sh
# Installs bindings/python with pip, offline and without build isolation, into a
# temporary directory, and probes through the installed package: its typing marker is
# there, the module is the installed one, and it answers. The package builds its wheel
# with its own backend (standard library only), so every Python with pip installs it,
# with or without setuptools and `wheel`; and the source it was installed from is left
# as it was (no build/, no *.egg-info).
# Usage: python_package_test.sh SOURCE_DIR LIBTSIVY_SO TABLE_DIR
set -eu
src=$1 library=$2 tables=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
# A copy, so that a failure here cannot leave anything in the real source tree (with the
# licence where an sdist carries it, since the copy is not inside the repository).
cp -r "$src/bindings/python" "$work/source"
cp "$src/LICENSE" "$work/source/LICENSE"
(cd "$work/source" && find . | sort) >"$work/before"
installed=0
for python in python3 /usr/bin/python3; do
  "$python" -m pip --version >/dev/null 2>&1 || continue
  site="$work/site-$installed"
  "$python" -m pip install --quiet --no-index --no-build-isolation --no-compile --disable-pip-version-check \
    --root-user-action=ignore --target "$site" "$work/source"
  (cd "$work/source" && find . | sort) >"$work/after"
  diff "$work/before" "$work/after" || { echo "pip install with $python wrote into the source tree"; exit 1; }
  [ -f "$site/tsivy/py.typed" ] || { echo "py.typed not installed"; exit 1; }
  grep -q "MIT" "$site"/tsivy-*.dist-info/LICENSE || { echo "the licence is not installed"; exit 1; }
  (cd "$work" && PYTHONPATH="$site" TSIVY_LIBRARY="$library" "$python" - "$site" "$tables" <<'PY'
import sys
import tsivy
assert tsivy.__file__.startswith(sys.argv[1]), tsivy.__file__
with tsivy.open_tablebase(sys.argv[2]) as tb:
    assert tb.probe_wdl("9/6B2/4W4/2W6/9 w") == 1
print("pip-installed tsivy", tsivy.version(), "from", tsivy.__file__, "with", sys.executable)
PY
  )
  installed=$((installed + 1))
done
[ "$installed" -gt 0 ] || { echo "no Python with pip: skipped"; exit 77; }
