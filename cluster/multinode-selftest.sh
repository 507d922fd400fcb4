#!/usr/bin/env bash
# Slurm on three simulated nodes on this machine: three network namespaces, each joined
# by a veth pair to a bridge made for the test (private addresses NET.11-13, the bridge
# NET.1), each with its own slurmd (node1..node3, NodeAddr its namespace's address), its
# own host name (a UTS namespace) and its own /tmp (a mount namespace); one slurmctld
# and one munged in this namespace (munge's socket is a file, which every namespace
# reaches). The test directory plays the shared file system. Open MPI between the
# nodes over TCP on the bridge only (pml ob1, btl self,tcp: no shared memory between
# nodes), so every byte between ranks crosses the veth pairs.
#
# The default (CI) part, up to 5 stones, about 2 minutes on 2 cores:
#   1. cluster/generate.sbatch with --nodes=3 --ntasks-per-node=1, ranks started by srun
#      (PMIx), then by mpirun (TSIVY_LAUNCH=mpirun); each job's tables byte-identical to a
#      single-process `tsivy generate`; every rank's peak memory (GNU time around each
#      rank) and the bytes each node's interface moved, printed;
#   2. cluster/verify.sbatch over the 3 nodes on those tables: passes; then with one
#      table file damaged: fails, and names the file.
# --faults adds, on the 6-stone pairs (the 5-stone tables copied in first), each ending
# with tables byte-identical to a single-process run and a line saying what happened:
#   (a) one node's rank SIGKILLed mid-pair: the job fails; requeued (scontrol requeue),
#       it resumes the pair from its checkpoint;
#   (b) one node's slurmd stopped mid-pair: Slurm marks the node DOWN (SlurmdTimeout 10 s
#       here) and requeues the job, which waits for three nodes (a checkpoint resumes
#       only on the rank count that wrote it); slurmd started again, the job resumes;
#   (c) a checkpoint slice truncated while the job waits requeued: tsivy refuses it with
#       a message naming the file; the checkpoint removed as the message says, the job
#       requeued again solves the pair afresh;
#   (d) the table directory on a 4 MiB tmpfs (5 stones): the job fails with a message
#       naming the file; `tsivy verify` passes on what is left (no half-written table
#       listed); the tmpfs enlarged, the job requeued finishes the set.
#
#   cluster/multinode-selftest.sh                     # CI part; tsivy from build/release
#   TSIVY=/path/to/tsivy cluster/multinode-selftest.sh --faults
#   MULTINODE_STONES=6 cluster/multinode-selftest.sh  # the CI part up to 6 stones (figures)
#
# Environment: TSIVY; MULTINODE_STONES (5); MULTINODE_LAUNCHES, the launches the
# default part tests ("srun mpirun"); MULTINODE_NET, the first three numbers of
# the /24 used (10.213.0); MULTINODE_PORT (16837) and the next port, slurmctld's and
# slurmd's; MULTINODE_KEEP=1 keeps the directory. Runs as root (namespaces, daemons).
# Everything it starts (daemons, jobs, namespaces, bridge, veth pairs, the tmpfs) it
# stops or removes by pid or name, also when it fails.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
say() { echo "multinode-selftest: $*" >&2; }
# shellcheck source=cluster/slurm-lib.sh
. cluster/slurm-lib.sh

faults=0
for arg; do
  case $arg in
    --faults) faults=1 ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) say "unknown argument '$arg' (--faults, --help)"; exit 2 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || { say "run as root: network namespaces, munged and slurmd"; exit 2; }
scripts/install-deps.sh slurm
for tool in ip unshare /usr/bin/time mpirun; do
  command -v "$tool" >/dev/null || { say "needs $tool (iproute2, util-linux, time, openmpi-bin)"; exit 2; }
done
tsivy=$(realpath "${TSIVY:-build/release/cli/tsivy}")
[ -x "$tsivy" ] || { say "no tsivy binary at $tsivy: build first (scripts/build.sh) or set TSIVY"; exit 2; }
# Each node mounts a directory of its own over /tmp: a checkout or binary under /tmp is
# not there for the ranks (every rank exits 127, "not found").
for path in "$repo" "$tsivy"; do
  case $path/ in
    /tmp/*) say "$path is under /tmp, which each simulated node replaces with its own: use a checkout and a tsivy elsewhere"; exit 2 ;;
  esac
done
stones=${MULTINODE_STONES:-5}
net=${MULTINODE_NET:-10.213.0}
port=${MULTINODE_PORT:-16837}
nodes=(node1 node2 node3)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# Not under /tmp: each node mounts its own directory over /tmp, and must still see this one.
work=$(mktemp -d /var/tmp/tsivy-multinode.XXXXXX)
chmod 0755 "$work"
tag=${work##*.}
bridge=tsb$tag
netns_of() { echo "tsivy-$tag-$1"; }
veth_of() { echo "tsv$tag${1#node}"; }   # the bridge's end; the namespace's end is eth0
started=()   # pids of the daemons, in start order
declare -A slurmd_pid
jobs=()
made_netns=() made_links=() mounted=()
netns_mount_before=1
marker=TSIVY_SLURM_SELFTEST=$work

cleanup() {
  local status=$? pid i ns
  trap - EXIT INT TERM
  for job in "${jobs[@]}"; do scancel "$job" 2>/dev/null || true; done
  for ((i = ${#started[@]} - 1; i >= 0; i--)); do stop_pid "${started[i]}"; done
  for pid in $(marked_pids); do kill -KILL "$pid" 2>/dev/null || true; done
  # Whatever else runs in the test's namespaces (none is expected), by pid.
  for ns in "${made_netns[@]}"; do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid" 2>/dev/null || true; done
  done
  sleep 0.2
  for ns in "${made_netns[@]}"; do ip netns delete "$ns" 2>/dev/null || true; done
  for link in "${made_links[@]}"; do ip link delete "$link" 2>/dev/null || true; done
  for dir in "${mounted[@]}"; do umount "$dir" 2>/dev/null || umount -l "$dir" 2>/dev/null || true; done
  # `ip netns add` mounts /run/netns on itself the first time; undone if it was not
  # there before and no namespace (anyone's) is left.
  if [ "$netns_mount_before" = 0 ] && mountpoint -q /run/netns && [ -z "$(ip netns list)" ]; then
    umount /run/netns 2>/dev/null || true
  fi
  if [ "$status" -ne 0 ]; then
    say "FAILED (status $status); logs:"
    for log in "$work"/*.log "$work"/daemons.out "$work"/*.out; do
      [ -f "$log" ] && { echo "--- $log" >&2; tail -n 30 "$log" >&2; }
    done
  fi
  if [ -n "${MULTINODE_KEEP:-}" ]; then say "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
all_start=$(date +%s)

# --- the network: a bridge in this namespace, a namespace per node on a veth pair.
netns_mount_before=1
mountpoint -q /run/netns || netns_mount_before=0
ip link add "$bridge" type bridge
made_links+=("$bridge")
ip addr add "$net.1/24" dev "$bridge"
ip link set "$bridge" up
i=0
for node in "${nodes[@]}"; do
  i=$((i + 1))
  ns=$(netns_of "$node") veth=$(veth_of "$node")
  ip netns add "$ns"
  made_netns+=("$ns")
  ip link add "$veth" type veth peer name eth0 netns "$ns"
  made_links+=("$veth")
  ip link set "$veth" master "$bridge" up
  ip -n "$ns" addr add "$net.1$i/24" dev eth0
  ip -n "$ns" link set eth0 up
  ip -n "$ns" link set lo up
  mkdir -p "$work/nodes/$node/tmp"
done

# The disk-full case's table directory: a small tmpfs, mounted before the nodes start so
# that their mount namespaces (copies of this one) hold it too.
if [ "$faults" = 1 ]; then
  mkdir "$work/full"
  mount -t tmpfs -o size=4m,mode=0755 tsivy-multinode-full "$work/full"
  mounted+=("$work/full")
fi

start_munged

# --- slurm.conf: three nodes, each a third of this machine's memory and all its CPUs.
read -r cpus_line < <(slurmd -C | head -n 1 | sed 's/^NodeName=[^ ]* //; s/ RealMemory=.*//')
memory=$(slurmd -C | head -n 1 | sed -n 's/.*RealMemory=\([0-9]*\).*/\1/p')
conf=$work/slurm.conf
{
  slurm_conf_common "$port" "$net.1"
  echo "# A node that stops answering is DOWN after 10 s (the default, 300 s, is long for a test)."
  echo "SlurmdTimeout=10"
  i=0
  for node in "${nodes[@]}"; do
    i=$((i + 1))
    echo "NodeName=$node NodeAddr=$net.1$i $cpus_line RealMemory=$((memory / 3)) State=UNKNOWN"
  done
  echo "PartitionName=multinode Nodes=$(IFS=,; echo "${nodes[*]}") Default=YES MaxTime=INFINITE State=UP"
} >"$conf"
export SLURM_CONF=$conf
start_slurmctld

start_slurmd() {  # start_slurmd NODE: in its namespaces, with its host name and /tmp
  local node=$1
  mkdir -p "$work/spool/$node"
  # nsenter, not `ip netns exec`, which mounts another /sys (without /sys/fs/cgroup,
  # which slurmd wants even with proctrack/linuxproc).
  # shellcheck disable=SC2016  # $1 and $2 are that sh's
  env "$marker" nsenter --net="/run/netns/$(netns_of "$node")" unshare --uts --mount --propagation private \
    sh -c 'hostname "$1" && mount --bind "$2" /tmp && exec slurmd -D -N "$1"' sh "$node" "$work/nodes/$node/tmp" \
    >>"$work/daemons.out" 2>&1 &
  started+=($!)
  slurmd_pid[$node]=$!
}
for node in "${nodes[@]}"; do start_slurmd "$node"; done
for node in "${nodes[@]}"; do wait_for 30 "node $node idle" node_idle "$node"; done
say "Slurm is up: $(sinfo -h -o '%P %D %N %c %m %t'), $(($(date +%s) - all_start)) s"

# Each rank runs under GNU time: its line gives the rank's node and peak memory (tsivy's
# own log is rank 0's only). Each rank writes its line to a file of its own: written to
# stderr, the three ranks' lines reach the job log through mpirun and can interleave
# mid-line (a CI run of 2026-12-06 failed on "rank 1 on node2: peak multiRnode: ...").
mkdir "$work/rank-times"
cat >"$work/tsivy-rank" <<WRAP
#!/bin/sh
exec /usr/bin/time -o "$work/rank-times/\$(hostname).\$\$" -f "multinode: rank \${PMIX_RANK:-\${OMPI_COMM_WORLD_RANK:-?}} on \$(hostname): peak RSS %M KiB, %e s wall, %U s user" "$tsivy" "\$@"
WRAP
chmod +x "$work/tsivy-rank"

job_env=("$marker" TSIVY="$work/tsivy-rank" OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
         OMPI_MCA_pml=ob1 "OMPI_MCA_btl=self,tcp" "OMPI_MCA_osc=^ucx"
         OMPI_MCA_btl_tcp_if_include="$net.0/24" OMPI_MCA_oob_tcp_if_include="$net.0/24")

submit() {  # submit NAME SCRIPT [VAR=VALUE...]: prints the job id; log in $work/NAME.out
  local name=$1 script=$2
  shift 2
  env "${job_env[@]}" "$@" sbatch --parsable --nodes=3 --ntasks-per-node=1 --cpus-per-task=1 --mem=1G --time=30 \
    --output="$work/$name.out" --chdir="$work" "$repo/cluster/$script" | cut -d';' -f1
}
wait_job() {  # wait_job JOB SECONDS: until it ends; true if it completed with exit code 0
  wait_for "$2" "job $1 to end" job_ended "$1"
  [ "$(job_field "$1" JobState)" = COMPLETED ] && [ "$(job_field "$1" ExitCode)" = 0:0 ]
}
# Open MPI 4.1.4 (Debian 12) over TCP between these nodes: in about one job in ten here
# (2026-12-07), one rank dies of SIGSEGV inside MPI_Init_thread, before tsivy's code runs.
# A core showed the TCP BTL handing a peer's first MPI message (a MATCH fragment) to the
# PML before the PML had registered its handler for it: a call through a null pointer,
# "Failing at address: (nil)". A job that ends that way is submitted once more, and the
# test says so; a second such end fails the test.
mpi_startup_crash() { grep -q 'Signal: Segmentation fault' "$1" && grep -q 'Failing at address: (nil)' "$1"; }
run_job() {  # run_job NAME SCRIPT [VAR=VALUE...]: submits, waits; sets job; true if it completed with exit code 0
  local name=$1 try
  for try in 1 2; do
    job=$(submit "$@")
    jobs+=("$job")
    wait_job "$job" 600 && return 0
    [ "$try" = 1 ] && mpi_startup_crash "$work/$name.out" || return 1
    mv "$work/$name.out" "$work/$name.crashed-$job.out"
    rm -f "$work"/rank-times/*
    say "job $job ($name): a rank died of SIGSEGV in Open MPI's startup (see run_job); submitted once more:"
    grep -h 'Signal: Segmentation fault\|Failing at address' "$work/$name.crashed-$job.out" | sed 's/^/  /' >&2
  done
}

link_counts() {  # per node: the bytes it sent and received so far (its veth's other end)
  local node veth
  for node in "${nodes[@]}"; do
    veth=$(veth_of "$node")
    echo "$node $(cat "/sys/class/net/$veth/statistics/rx_bytes") $(cat "/sys/class/net/$veth/statistics/tx_bytes")"
  done
}
traffic_since() {  # traffic_since FILE: what each node sent and received since link_counts wrote FILE
  link_counts | paste -d' ' "$1" - | awk '{ printf "%s%s sent %.1f MB, received %.1f MB", sep, $1, ($5 - $2) / 1e6, ($6 - $3) / 1e6; sep = "; " }'
}

same_tables() {  # same_tables REFERENCE DIR: the same table files, byte for byte
  (cd "$1" && ls -- *.tsivy) >"$work/a.list"
  (cd "$2" && ls -- *.tsivy) >"$work/b.list"
  cmp -s "$work/a.list" "$work/b.list" || { say "$2 holds other files than $1"; return 1; }
  while read -r file; do
    cmp "$1/$file" "$2/$file" || { say "$2/$file differs from the single-process run"; return 1; }
  done <"$work/a.list"
}
expect_in_log() {  # expect_in_log LOG TEXT WHY
  grep -q -- "$2" "$1" || { say "$(basename "$1"): no line with '$2' ($3)"; exit 1; }
}
seconds_since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
rank_lines() { grep '^multinode: rank' "$1" | sed 's/^multinode: /  /' >&2 || true; }

# --- the reference: one process, two threads.
start=$(date +%s.%N)
/usr/bin/time -f "%M" -o "$work/reference.rss" "$tsivy" generate --max-stones "$stones" --out "$work/reference" --threads 2 --quiet
say "reference: one process of 2 threads, $stones stones, $(seconds_since "$start") s," \
    "peak RSS $(cat "$work/reference.rss") KiB"

# --- generate.sbatch on three nodes, srun then mpirun.
for launch in ${MULTINODE_LAUNCHES:-srun mpirun}; do
  link_counts >"$work/counts-$launch"
  rm -f "$work"/rank-times/*
  start=$(date +%s.%N)
  run_job "generate-$launch" generate.sbatch TSIVY_OUT="$work/tables-$launch" TSIVY_MAX_STONES="$stones" \
          TSIVY_CHECKPOINT_EVERY=600 TSIVY_LAUNCH="$launch" ||
    { say "job $job ($launch) failed: $(job_field "$job" JobState) $(job_field "$job" ExitCode)"; exit 1; }
  seconds=$(seconds_since "$start")
  log=$work/generate-$launch.out
  expect_in_log "$log" "on 3 node(s)" "not on three nodes"
  expect_in_log "$log" "solver: 3 rank(s) x 1 thread(s)" "not one MPI job of 3 ranks"
  cat "$work"/rank-times/* >"$work/ranks-$launch.out"
  for node in "${nodes[@]}"; do expect_in_log "$work/ranks-$launch.out" "on $node: peak RSS" "no rank on $node"; done
  same_tables "$work/reference" "$work/tables-$launch"
  say "OK: $launch: job $job on ${nodes[*]}, $(wc -l <"$work/b.list") table files byte-identical to" \
      "the single-process run; $seconds s from submission; $(traffic_since "$work/counts-$launch"); per rank:"
  rank_lines "$work/ranks-$launch.out"
done

# --- verify.sbatch on the three nodes: the srun job's tables, then one file damaged.
start=$(date +%s)
run_job verify verify.sbatch TSIVY_OUT="$work/tables-srun" || { say "verify job $job failed on undamaged tables"; tail -n 20 "$work/verify.out" >&2; exit 1; }
expect_in_log "$work/verify.out" "on 3 node(s)" "not on three nodes"
expect_in_log "$work/verify.out" "srun exited with status 0 (no mismatch)" "verify did not pass"
say "OK: verify.sbatch on 3 nodes passes on the job's tables, $(($(date +%s) - start)) s"
damaged=2v3.wdl.tsivy
printf '\x5a\xa5' | dd of="$work/tables-srun/$damaged" bs=1 seek=70000 conv=notrunc status=none
cmp -s "$work/reference/$damaged" "$work/tables-srun/$damaged" && { say "the damage did not change $damaged"; exit 1; }
start=$(date +%s)
if run_job verify-damaged verify.sbatch TSIVY_OUT="$work/tables-srun"; then say "verify job $job passed on a damaged table"; exit 1; fi
expect_in_log "$work/verify-damaged.out" "$damaged: checksum differs from the manifest" "the damaged file was not named"
say "OK: verify.sbatch on 3 nodes fails on the damaged table, $(($(date +%s) - start)) s: $(grep -m1 "$damaged" "$work/verify-damaged.out")"
say "the default part took $(($(date +%s) - all_start)) s"
[ "$faults" = 1 ] || exit 0

# ---------------------------------------------------------------------------------------
# Faults, on the 6-stone pairs: each starts from the 5-stone tables (copied in), a
# checkpoint every second, and ends compared with a single-process 6-stone run.
ref5=$work/reference5 ref6=$work/reference6
if [ "$stones" = 5 ]; then cp -a "$work/reference" "$ref5"; else "$tsivy" generate --max-stones 5 --out "$ref5" --threads 2 --quiet; fi
start=$(date +%s)
cp -a "$ref5" "$ref6"
"$tsivy" generate --max-stones 6 --out "$ref6" --threads 2 --quiet
say "reference: the 6-stone pairs in one process of 2 threads, $(($(date +%s) - start)) s"
six_stone_tables() { cp -a "$ref5" "$1"; }   # DIR holds the tables up to 5 stones
generate_six() {  # generate_six NAME DIR [VAR=VALUE...]
  local name=$1 dir=$2
  shift 2
  submit "$name" generate.sbatch TSIVY_OUT="$dir" TSIVY_MAX_STONES=6 TSIVY_CHECKPOINT_EVERY=1 "$@"
}
rank_pid() {  # rank_pid NODE: the tsivy rank running on NODE (in its network namespace)
  local pid
  for pid in $(ip netns pids "$(netns_of "$1")"); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = tsivy ] && { echo "$pid"; return 0; }
  done
  return 1
}
checkpoint_of() { [ -s "$1/.checkpoint/$2.latest" ]; }
# The first 6-stone pair, 1v5+5v1, is over in seconds; 2v4+4v2 runs long enough to be hit.
pair=2v4
fault_report=()

# (a) a rank SIGKILLed.
start=$(date +%s)
dir=$work/fault-a
six_stone_tables "$dir"
job=$(generate_six fault-a "$dir")
jobs+=("$job")
wait_for 300 "a checkpoint of $pair" checkpoint_of "$dir" "$pair"
victim=$(rank_pid node2)
kill -KILL "$victim"
say "(a) SIGKILLed the rank on node2 (pid $victim) at the checkpoint of step $(cut -d' ' -f1 "$dir/.checkpoint/$pair.latest")"
wait_for 120 "job $job to fail" job_ended "$job"
say "(a) job $job: $(job_field "$job" JobState), exit code $(job_field "$job" ExitCode); requeued by hand"
scontrol requeue "$job"
release_requeued "$job" "${nodes[@]}"
wait_job "$job" 600 || { say "(a) the requeued job $job failed"; exit 1; }
expect_in_log "$work/fault-a.out" "job $job start 2 " "the job did not start a second time"
expect_in_log "$work/fault-a.out" "$pair: resuming from the checkpoint" "the second start did not resume the pair"
same_tables "$ref6" "$dir"
fault_report+=("(a) rank SIGKILLed: passed in $(($(date +%s) - start)) s; $(grep -m1 "$pair: resuming" "$work/fault-a.out" | sed 's/^ *//')")
say "OK: ${fault_report[-1]}"

# (b) a node's slurmd stopped.
start=$(date +%s)
dir=$work/fault-b
six_stone_tables "$dir"
job=$(generate_six fault-b "$dir")
jobs+=("$job")
wait_for 300 "a checkpoint of $pair" checkpoint_of "$dir" "$pair"
stop_pid "${slurmd_pid[node3]}"
say "(b) stopped slurmd on node3 (pid ${slurmd_pid[node3]}) at the checkpoint of step $(cut -d' ' -f1 "$dir/.checkpoint/$pair.latest")"
node3_down() { node_state node3 | grep -q '^down'; }
wait_for 120 "node3 to be marked down" node3_down
wait_for 120 "job $job to be requeued and wait" job_pending "$job"
say "(b) node3 is $(node_state node3); job $job is $(job_field "$job" JobState) ($(job_field "$job" Reason)), waiting for 3 nodes"
sleep 5
job_pending "$job" || { say "(b) job $job did not wait for three nodes: $(job_field "$job" JobState)"; exit 1; }
start_slurmd node3
wait_for 60 "node3 back" sh -c "sinfo -h -n node3 -o %t | grep -qvE '^down'"
release_requeued "$job" "${nodes[@]}"
wait_job "$job" 600 || { say "(b) the requeued job $job failed"; exit 1; }
expect_in_log "$work/fault-b.out" "job $job start 2 " "the job did not start a second time"
expect_in_log "$work/fault-b.out" "$pair: resuming from the checkpoint" "the second start did not resume the pair"
same_tables "$ref6" "$dir"
expect_in_log "$work/slurmctld.log" "requeue job JobId=$job due to failure of node node3" "slurmctld did not requeue for the node"
fault_report+=("(b) slurmd stopped on node3: passed in $(($(date +%s) - start)) s; slurmctld: $(grep -m1 "requeue job JobId=$job due to failure" "$work/slurmctld.log")")
say "OK: ${fault_report[-1]}"

# (c) a checkpoint slice damaged while the job waits requeued.
start=$(date +%s)
dir=$work/fault-c
six_stone_tables "$dir"
job=$(generate_six fault-c "$dir")
jobs+=("$job")
wait_for 300 "a checkpoint of $pair" checkpoint_of "$dir" "$pair"
scancel --batch --signal=USR1 "$job"
wait_for 60 "job $job to be requeued" job_pending "$job"
for node in "${nodes[@]}"; do wait_for 60 "node $node to be free again" node_idle "$node"; done
step=$(cut -d' ' -f1 "$dir/.checkpoint/$pair.latest")
slice=$dir/.checkpoint/$pair.step$step.rank1of3
truncate -s -1000 "$slice"
say "(c) truncated $slice by 1000 bytes"
release_requeued "$job" "${nodes[@]}"
if wait_job "$job" 300; then say "(c) job $job accepted a truncated checkpoint"; exit 1; fi
expect_in_log "$work/fault-c.out" "checkpoint file $slice is truncated" "no message naming the damaged checkpoint"
say "(c) job $job: $(job_field "$job" JobState): $(grep -m1 'is truncated' "$work/fault-c.out")"
rm -r "$dir/.checkpoint"
scontrol requeue "$job"
release_requeued "$job" "${nodes[@]}"
wait_job "$job" 600 || { say "(c) job $job failed after the checkpoint was removed"; exit 1; }
same_tables "$ref6" "$dir"
fault_report+=("(c) checkpoint truncated: passed in $(($(date +%s) - start)) s; refused, then the pair solved afresh")
say "OK: ${fault_report[-1]}"

# (d) the disk full: a 4 MiB tmpfs for the table directory, 5 stones (about 6.4 MB with
# the value files).
start=$(date +%s)
dir=$work/full/tables
job=$(submit fault-d generate.sbatch TSIVY_OUT="$dir" TSIVY_MAX_STONES=5 TSIVY_CHECKPOINT_EVERY=600)
jobs+=("$job")
if wait_job "$job" 300; then say "(d) job $job succeeded on a full disk"; exit 1; fi
message=$(grep -m1 'tsivy: error' "$work/fault-d.out" || true)
[ -n "$message" ] || { say "(d) no error message from tsivy in the job log"; exit 1; }
say "(d) job $job: $(job_field "$job" JobState): $message"
"$tsivy" verify --tables "$dir" --threads 2 >"$work/fault-d-verify.out" 2>&1 ||
  { say "(d) verify fails on what the full disk left"; tail -n 5 "$work/fault-d-verify.out" >&2; exit 1; }
# No temporary file left, and every table or value file the manifest does not list (the
# pair that was being written when the disk filled: its files are renamed into place
# whole, one by one, and the manifest lists the pair once all are there) is whole: the
# same bytes as the single-process run's.
unlisted=$(python3 - "$dir" <<'PY'
import json, os, sys
d = sys.argv[1]
listed = {"manifest.json"}
for c in json.load(open(os.path.join(d, "manifest.json")))["classes"]:
    for kind in ("files", "value_files"):
        listed.update(f["name"] for f in c.get(kind, {}).values())
found = {os.path.relpath(os.path.join(r, f), d) for r, _, fs in os.walk(d) for f in fs}
print(" ".join(sorted(found - listed)))
PY
)
for file in $unlisted; do
  case $file in
    *.tsivy) cmp -s "$dir/$file" "$ref5/$file" || { say "(d) $file, not in the manifest, is not whole"; exit 1; } ;;
    *) say "(d) the full disk left $file"; exit 1 ;;
  esac
done
say "(d) verify passes on what is left: $(tail -n 1 "$work/fault-d-verify.out" | sed 's/^ *//'); no temporary" \
    "file left; not in the manifest but whole: ${unlisted:-none}"
mount -o remount,size=64m "$work/full"
scontrol requeue "$job"
release_requeued "$job" "${nodes[@]}"
wait_job "$job" 300 || { say "(d) job $job failed with room on the disk"; exit 1; }
same_tables "$ref5" "$dir"
fault_report+=("(d) disk full: passed in $(($(date +%s) - start)) s; $message")
say "OK: ${fault_report[-1]}"

say "faults: all passed; $(($(date +%s) - all_start)) s in all"
for line in "${fault_report[@]}"; do say "  $line"; done
