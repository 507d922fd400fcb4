#!/bin/sh
# The portable command and its twins for newer CPUs (cli/isa_dispatch.h): the portable
# `tsivy` runs the newest twin this CPU supports, TSIVY_ISA=portable keeps it, a level it
# lacks is refused, and every build writes the same tables, byte for byte.
#   isa_builds.sh EXPECT_ERROR TSIVY LEVELS   (LEVELS: the twins built, comma-separated)
set -eu
expect_error=$1
tsivy=$2
levels=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

portable=$(TSIVY_ISA=portable "$tsivy" --version)
echo "$portable"
case "$portable" in
  *"the portable build"*) ;;
  *) echo "FAIL: TSIVY_ISA=portable does not run the portable build" >&2; exit 1 ;;
esac
"$expect_error" "TSIVY_ISA=x86-64-v9: this installation has no such build" env TSIVY_ISA=x86-64-v9 "$tsivy" --version

# The newest level this CPU supports, as the kernel lists the CPU's flags.
flags=$(grep -m1 '^flags' /proc/cpuinfo)
has() { for f in "$@"; do case " $flags " in *" $f "*) ;; *) return 1 ;; esac; done; }
best=""
case ",$levels," in *,x86-64-v3,*) has avx2 bmi1 bmi2 fma movbe && best=x86-64-v3 ;; esac
case ",$levels," in *,x86-64-v4,*) has avx512f avx512bw avx512cd avx512dq avx512vl && best=x86-64-v4 ;; esac
chosen=$("$tsivy" --version)
echo "$chosen"
if [ -n "$best" ]; then
  case "$chosen" in
    *"instruction set $best, run by the portable build"*) ;;
    *) echo "FAIL: expected the $best build on this CPU" >&2; exit 1 ;;
  esac
  [ "$(TSIVY_ISA=$best "$tsivy" --version)" = "$chosen" ] || { echo "FAIL: TSIVY_ISA=$best" >&2; exit 1; }
else
  echo "this CPU supports none of $levels: only the portable build is compared"
fi

# The same tables from the portable build and from the chosen one.
TSIVY_ISA=portable "$tsivy" generate --max-stones 4 --threads 2 --out "$work/portable" >/dev/null 2>&1
"$tsivy" generate --max-stones 4 --threads 2 --out "$work/chosen" >/dev/null 2>&1
files=0
for file in "$work"/portable/*.tsivy "$work"/portable/values/*.tsivy; do
  cmp "$file" "$work/chosen/${file#"$work"/portable/}" || { echo "FAIL: $file differs" >&2; exit 1; }
  files=$((files + 1))
done
echo "ok: $files table and value files byte-identical"
