#!/bin/sh
# libtsivy.so and libtsivy.a must run on any x86-64-v2 CPU: no AVX/AVX2/AVX-512 (any
# VEX/EVEX instruction, ymm/zmm/mask registers), BMI1/BMI2, LZCNT, MOVBE or GFNI
# instruction, except inside function-multiversioning clones, whose symbol names carry
# the target (foo.bmi2, foo.arch_x86_64_v3, ...) and which run only after a CPU check.
# tzcnt is allowed: GCC emits it as `rep bsf` where both give the same result.
# Usage: baseline_isa_test.sh LIBRARY...    (skips on other architectures)
#        baseline_isa_test.sh --self-test   (shows that the check can fail)
set -eu

# Prints "symbol: instruction" for every instruction beyond the baseline outside clones.
beyond_baseline() {
  objdump -d --no-show-raw-insn "$1" | awk '
    /^[0-9a-f]+ <.*>:$/ { symbol = substr($2, 2, length($2) - 3); next }
    /^ *[0-9a-f]+:\t/ {
      if (symbol ~ /\.(arch_|bmi|avx|gfni)/) next
      split($0, part, "\t"); insn = part[2]; mnemonic = insn; sub(/ .*/, "", mnemonic)
      if (mnemonic ~ /^v/ || insn ~ /%[yz]mm|%k[0-7]/ ||
          mnemonic ~ /^(andn|bextr|blsi|blsmsk|blsr|bzhi|mulx|pdep|pext|rorx|sarx|shlx|shrx|lzcnt|movbe)$/ ||
          mnemonic ~ /^gf2p8/)
        print symbol ": " insn
    }'
}

check() {
  [ -f "$1" ] || { echo "$1: no such file"; return 1; }
  found=$(beyond_baseline "$1")
  if [ -n "$found" ]; then
    echo "$1: $(printf '%s\n' "$found" | wc -l) instructions beyond x86-64-v2, e.g.:"
    printf '%s\n' "$found" | head -10
    return 1
  fi
  echo "$1: x86-64-v2 only (outside multiversioned clones)"
}

case "$(uname -m)" in x86_64 | amd64) ;; *) echo "not x86-64: nothing to check"; exit 0 ;; esac
if [ "${1:-}" = "--self-test" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT INT TERM
  body='unsigned long shift_all(const unsigned long* v, int n) {
  unsigned long s = 0;
  for (int i = 0; i < n; ++i) s += v[i] >> (v[i] & 7);
  return s;
}'
  printf '%s\n' "$body" >"$work/plain.c"
  printf '__attribute__((target_clones("arch=x86-64-v3", "default")))\n%s\n' "$body" >"$work/clones.c"
  # A plain function built for AVX2 + BMI2 must be caught...
  cc -O3 -mavx2 -mbmi2 -c "$work/plain.c" -o "$work/plain.o"
  if check "$work/plain.o"; then echo "self-test: an -mavx2 -mbmi2 object passed"; exit 1; fi
  # ...and the same code as multiversioned clones in a baseline build must pass.
  cc -O3 -march=x86-64-v2 -c "$work/clones.c" -o "$work/clones.o"
  check "$work/clones.o" || { echo "self-test: the target_clones were not recognised"; exit 1; }
  echo "self-test: passed"
  exit 0
fi

status=0
for lib in "$@"; do check "$lib" || status=1; done
exit $status
