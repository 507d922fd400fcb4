# shellcheck shell=bash
# shellcheck disable=SC2154  # work, marker, started: set by the sourcing script
# Shared by the Slurm self-tests (cluster/slurm-selftest.sh, one node;
# cluster/multinode-selftest.sh, three nodes in network namespaces): sourced, not run.
# One mechanism for both: munged and the daemons started from a temporary directory,
# every process they start marked with an environment variable so that cleanup finds
# it by pid, and the common part of a generated slurm.conf.
#
# The sourcing script sets, before calling these:
#   work      its temporary directory (keys, state, logs)
#   marker    NAME=VALUE carried by every daemon and job it starts (not by itself)
#   started   an array; the pids of what it started, in start order, are appended
#   say       a function that prints a line with the script's name

marked_pids() {  # the pids of every process carrying $marker
  local dir
  for dir in /proc/[0-9]*; do
    tr '\0' '\n' 2>/dev/null <"$dir/environ" | grep -qxF "$marker" && echo "${dir#/proc/}"
  done
  return 0
}

stop_pid() {  # TERM, up to 10 s, then KILL
  local pid=$1 i
  kill -TERM "$pid" 2>/dev/null || return 0
  for i in $(seq 100); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
}

wait_for() {  # wait_for SECONDS WHAT COMMAND...
  local seconds=$1 what=$2 i
  shift 2
  for ((i = 0; i < seconds * 5; i++)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
  say "timed out after ${seconds} s waiting for $what"
  return 1
}

# munged with a fresh key, owned by and readable only by root; sets $socket (a unix
# socket in $work: every network namespace on this machine reaches it).
start_munged() {
  mkdir -m 0700 "$work/munge"
  dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
  chmod 0400 "$work/munge/munge.key"
  socket=$work/munge/munge.socket
  env "$marker" munged --foreground --force --key-file="$work/munge/munge.key" --socket="$socket" \
         --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/munged.seed" \
         --log-file="$work/munged.log" >>"$work/daemons.out" 2>&1 &
  started+=($!)
  wait_for 10 munged sh -c "munge -n -S '$socket' | unmunge -S '$socket'"
}

# The slurm.conf lines both tests share: slurmctld on CTLD_ADDR:PORT, slurmd on PORT+1,
# every file in $work (slurmd's with %n, the node's name, so that several slurmd share
# the directory), munge through $socket. The caller adds its nodes and partition.
slurm_conf_common() {  # slurm_conf_common PORT CTLD_ADDR
  local port=$1 addr=$2
  cat <<CONF
ClusterName=tsivyselftest
SlurmctldHost=$(hostname -s)(${addr})
SlurmctldPort=${port}
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=${socket}
StateSaveLocation=${work}/state
SlurmdSpoolDir=${work}/spool/%n
SlurmctldPidFile=${work}/slurmctld.pid
SlurmdPidFile=${work}/slurmd-%n.pid
SlurmctldLogFile=${work}/slurmctld.log
SlurmdLogFile=${work}/slurmd-%n.log
# No cgroups in a container: processes tracked by parentage, no task binding, no accounting.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/builtin
MpiDefault=none
ReturnToService=2
CONF
}

start_slurmctld() {  # in the foreground of a background job, so that $! is the daemon
  mkdir -p "$work/state" "$work/spool"
  env "$marker" slurmctld -D -i >>"$work/daemons.out" 2>&1 &
  started+=($!)
  wait_for 20 slurmctld scontrol ping
}

node_state() { sinfo -h -n "$1" -o %t 2>/dev/null; }
node_idle() { node_state "$1" | grep -qx idle; }

# Slurm holds a requeued job back for a while (its begin time, about the credential
# lifetime): slurmd refuses a credential of the job issued no later than the second it
# revoked the old one in. Two seconds after the nodes are free are enough here.
release_requeued() {  # release_requeued JOB NODE...
  local job=$1 node
  shift
  for node; do wait_for 60 "node $node to be free again" node_idle "$node"; done
  sleep 2
  scontrol update JobId="$job" StartTime=now
}

job_field() { scontrol -o show job "$1" 2>/dev/null | tr ' ' '\n' | sed -n "s/^$2=//p" | head -n 1; }
job_pending() { [ "$(job_field "$1" JobState)" = PENDING ]; }
job_running() { [ "$(job_field "$1" JobState)" = RUNNING ]; }
job_ended() {  # in a final state (a requeued job is not)
  case "$(job_field "$1" JobState)" in
    COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY | BOOT_FAIL | DEADLINE | PREEMPTED) return 0 ;;
    *) return 1 ;;
  esac
}
