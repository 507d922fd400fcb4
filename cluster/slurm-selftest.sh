#!/usr/bin/env bash
# A real Slurm on this machine, for CI: starts munged, slurmctld and slurmd from Debian's
# packages with a generated configuration naming this host, every file in one temporary
# directory (no /etc, no systemd); submits cluster/generate.sbatch with `sbatch --wait`
# for every class up to 5 stones on 2 tasks; checks the job's exit code, that it ran as
# 2 MPI ranks, and that its tables are byte-identical to a single-process run; then
# cluster/prove.sbatch as a 2-task array on one proof frontier with those tables. Then it
# stops every daemon it started, by process id (also when something fails), and removes
# its directory. Runs as root (the daemons run as root here, SlurmUser=root).
#
#   cluster/slurm-selftest.sh                       # tsivy from build/release
#   TSIVY=/path/to/tsivy SELFTEST_LAUNCH=mpirun cluster/slurm-selftest.sh
#
# SELFTEST_LAUNCH is passed to the job as TSIVY_LAUNCH (srun, the default, or mpirun);
# SELFTEST_PORT (default 16817) and the next port are slurmctld's and slurmd's;
# SELFTEST_KEEP=1 keeps the directory (configuration, logs, tables) for a look.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
say() { echo "slurm-selftest: $*" >&2; }
# shellcheck source=cluster/slurm-lib.sh
. cluster/slurm-lib.sh

[ "$(id -u)" -eq 0 ] || { say "run as root: munged and slurmd are started as root here"; exit 2; }
scripts/install-deps.sh slurm
tsivy=$(realpath "${TSIVY:-build/release/cli/tsivy}")
[ -x "$tsivy" ] || { say "no tsivy binary at $tsivy: build first (scripts/build.sh) or set TSIVY"; exit 2; }
stones=5
ranks=2
port=${SELFTEST_PORT:-16817}
host=$(hostname -s)

work=$(mktemp -d /tmp/tsivy-slurm-selftest.XXXXXX)
conf=$work/slurm.conf
started=()   # pids of the daemons, in start order
job=""

# The daemons and the job carry this variable (and pass it on to slurmstepd and the
# ranks), so that cleanup finds what they started, by pid (cluster/slurm-lib.sh), even
# after the daemon a process came from is gone. This shell does not carry it.
marker=TSIVY_SLURM_SELFTEST=$work

cleanup() {
  local status=$? pid
  trap - EXIT INT TERM
  if [ -n "$job" ] && [ ${#started[@]} -gt 0 ]; then
    scancel "$job" 2>/dev/null || true
  fi
  # Daemons last to first: slurmd, slurmctld, munged.
  for ((i = ${#started[@]} - 1; i >= 0; i--)); do stop_pid "${started[i]}"; done
  # What they left: slurmstepd and ranks of a cancelled job (each by its pid).
  for pid in $(marked_pids); do kill -KILL "$pid" 2>/dev/null || true; done
  if [ "$status" -ne 0 ]; then
    say "FAILED (status $status); logs:"
    for log in "$work"/*.log "$work"/daemons.out "$work"/job.out; do
      [ -f "$log" ] && { echo "--- $log" >&2; tail -n 30 "$log" >&2; }
    done
  fi
  if [ -n "${SELFTEST_KEEP:-}" ]; then say "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# --- munge: a fresh key, owned by and readable only by root.
start_munged

# --- slurm.conf: this host as the only node, with the CPUs and memory slurmd measures.
node=$(slurmd -C | head -n 1)
{
  slurm_conf_common "$port" 127.0.0.1
  echo "${node/NodeName=${host}/NodeName=${host} NodeAddr=127.0.0.1} State=UNKNOWN"
  echo "PartitionName=selftest Nodes=${host} Default=YES MaxTime=INFINITE State=UP"
} >"$conf"
export SLURM_CONF=$conf

# --- the daemons, in the foreground of a background job each, so $! is the daemon
# (env executes it in its own process).
start_slurmctld
mkdir -p "$work/spool/$host"
env "$marker" slurmd -D -N "$host" >>"$work/daemons.out" 2>&1 &
started+=($!)
wait_for 30 "node $host idle" node_idle "$host"
say "Slurm is up: $(sinfo -h -o '%P %D %c %m %t')"

# --- the job: every class up to $stones stones, $ranks ranks of one thread, a checkpoint
# every second. Part way through the last pair, once it has a checkpoint, the batch
# script gets the signal Slurm sends before the time limit (--signal in generate.sbatch):
# it must requeue itself, and its second start must skip the finished classes and
# resume the pair from the checkpoint.
start=$(date +%s)
env "$marker" TSIVY=$tsivy TSIVY_OUT=$work/tables TSIVY_MAX_STONES=$stones TSIVY_CHECKPOINT_EVERY=1 \
  TSIVY_LAUNCH=${SELFTEST_LAUNCH:-srun} OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
  sbatch --wait --parsable --nodes=1 --ntasks-per-node=$ranks --cpus-per-task=1 --mem=2G --time=30 \
         --output="$work/job.out" --chdir="$work" "$repo/cluster/generate.sbatch" >"$work/job.id" &
sbatch_pid=$!
started+=("$sbatch_pid")  # stopped with the daemons if the test fails before it ends
job_started() { kill -0 "$sbatch_pid" && [ -s "$work/job.id" ]; }
wait_for 30 "the job to be submitted" job_started
job=$(head -n 1 "$work/job.id" | cut -d';' -f1)
pair_checkpoint() { kill -0 "$sbatch_pid" && [ -s "$work/tables/.checkpoint/2v3.latest" ]; }
wait_for 180 "a checkpoint of the last pair (2v3+3v2)" pair_checkpoint
scancel --batch --signal=USR1 "$job"
wait_for 60 "job $job to be requeued" job_pending "$job"
release_requeued "$job" "$host"
status=0
wait "$sbatch_pid" || status=$?
unset 'started[-1]'
say "job $job ended with status $status after $(($(date +%s) - start)) s"
[ "$status" -eq 0 ] || { say "the job failed"; exit 1; }
exit_code=$(scontrol show job "$job" | grep -o 'ExitCode=[0-9:]*' | head -n 1)
[ "$exit_code" = "ExitCode=0:0" ] || { say "scontrol reports $exit_code for job $job"; exit 1; }
expect_in_log() {
  grep -q -- "$1" "$work/job.out" || { say "job log: no line with '$1' ($2)"; exit 1; }
}
expect_in_log "requeueing job $job" "the batch script did not requeue itself on USR1"
expect_in_log "job $job start 2 " "the job did not start a second time"
expect_in_log "1v4+4v1: complete on disk, skipped" "the second start did not skip the finished classes"
expect_in_log "2v3: resuming from the checkpoint" "the second start did not resume the pair from its checkpoint"
expect_in_log "solver: $ranks rank(s) x 1 thread(s)" "not one MPI job of $ranks ranks"

# --- the same tables from one process, compared file by file.
"$tsivy" generate --max-stones "$stones" --out "$work/reference" --threads 2 --quiet
(cd "$work/reference" && ls -- *.tsivy) >"$work/reference.list"
(cd "$work/tables" && ls -- *.tsivy) >"$work/tables.list"
cmp -s "$work/reference.list" "$work/tables.list" || { say "the job wrote other files than the reference run"; exit 1; }
while read -r file; do
  cmp "$work/reference/$file" "$work/tables/$file" || { say "$file differs from the single-process run"; exit 1; }
done <"$work/reference.list"
say "OK: $(wc -l <"$work/reference.list") table files byte-identical to a single-process run;" \
    "$(($(date +%s) - start)) s from submission"

# --- a proof in pieces as a job array (cluster/prove.sbatch): two workers on one
# frontier, the 5-stone tables just made as its leaves, a budget small enough that the
# proof comes in pieces; the root settled and its certificate, with every one it refers
# to, checked.
start=$(date +%s)
frontier=$work/frontier
"$tsivy" prove --frontier "$frontier" --claim white-wins --fen "5B1B1/2W6/9/4B4/3W3W1 w" --tables "$work/tables" \
  --budget 4096 --runs 1 --quiet >/dev/null
env "$marker" TSIVY=$tsivy TSIVY_FRONTIER=$frontier TSIVY_TABLES=$work/tables TSIVY_BUDGET=4096 TSIVY_MEMORY=64M \
  TSIVY_LEASE=5 sbatch --wait --parsable --array=0-1 --mem=512M --time=10 --output="$work/prove-%a.out" \
  --chdir="$work" "$repo/cluster/prove.sbatch" >"$work/prove.id" &
sbatch_pid=$!
started+=("$sbatch_pid")
status=0
wait "$sbatch_pid" || status=$?
unset 'started[-1]'
job=$(head -n 1 "$work/prove.id" | cut -d';' -f1)
[ "$status" -eq 0 ] || { say "the prove array (job $job) failed with status $status"; exit 1; }
for task in 0 1; do
  grep -q "tsivy-prove: task $task exited with status 0" "$work/prove-$task.out" ||
    { say "array task $task did not end well:"; tail -n 5 "$work/prove-$task.out" >&2; exit 1; }
done
root=$("$tsivy" prove --frontier "$frontier" --status | sed -n 's/^certificate: //p')
[ -n "$root" ] || { say "the frontier's root is not settled"; exit 1; }
"$tsivy" prove --check "$root" --tables "$work/tables" >"$work/check.out" || { say "the root certificate does not check"; exit 1; }
say "OK: a proof in pieces by a 2-task array in $(($(date +%s) - start)) s; the root certificate checked:" \
    "$(cut -d';' -f2 "$work/check.out")"

