#!/usr/bin/env bash
# `tsivy generate` on a cluster without Slurm: Open MPI's mpirun over the nodes of a
# hostfile (cluster/hostfile.example), one rank per hostfile slot, THREADS threads each.
# Every node must reach every other over ssh without a password, have tsivy at the same
# path, and see OUT on a shared filesystem. Run it again after a failure (same hostfile,
# so the same rank count): it skips the finished classes and resumes from the checkpoint.
#
#   cluster/mpirun-generate.sh HOSTFILE OUT MAX_STONES THREADS [CHECKPOINT_SECONDS]
#   cluster/mpirun-generate.sh cluster/hosts /shared/tables 9 32 1800
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 HOSTFILE OUT MAX_STONES THREADS [CHECKPOINT_SECONDS]" >&2
  exit 2
fi
hostfile=$1 out=$2 max_stones=$3 threads=$4 checkpoint_every=${5:-1800}
ranks=$(awk '!/^[[:space:]]*(#|$)/ { n = 1; for (i = 2; i <= NF; i++) if ($i ~ /^slots=/) n = substr($i, 7); s += n } END { print s + 0 }' "$hostfile")
[ "$ranks" -ge 1 ] || { echo "$0: no hosts in $hostfile" >&2; exit 2; }
# --bind-to none: the ranks' threads share their node's cores as the kernel sees fit.
exec mpirun --hostfile "$hostfile" -np "$ranks" --bind-to none \
  "${TSIVY:-tsivy}" generate --max-stones "$max_stones" --out "$out" --threads "$threads" \
  --checkpoint-every "$checkpoint_every"
