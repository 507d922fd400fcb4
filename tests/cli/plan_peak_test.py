#!/usr/bin/env python3
"""`tsivy plan`'s memory per rank against peaks actually measured.

  plan_peak_test.py TSIVY live       run `tsivy generate` up to 5 stones now, under
                                     /usr/bin/time, and compare its peak
  plan_peak_test.py TSIVY RECORDS    compare with every run recorded in RECORDS
                                     (cluster/measured-peaks.json: larger runs, too long
                                     for a test, measured once with the command given)

Each peak must be within TOLERANCE of plan's figure for the largest pair (the peak of
a run is that pair's: its working state, its shares of the classes its captures reach, buffers).
"""
import json
import subprocess
import sys
import tempfile

TOLERANCE = 0.15


def planned_peak(tsivy, stones, ranks, threads, updates_per_round=None):
    command = [tsivy, "plan", "--max-stones", str(stones), "--ranks", str(ranks), "--threads", str(threads), "--json"]
    if updates_per_round:
        command += ["--updates-per-round", str(updates_per_round)]
    plan = json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)
    return plan["total"]["peak_bytes_per_rank"], plan["total"]["largest_pair"]


def compare(what, measured_bytes, planned_bytes, pair):
    error = planned_bytes / measured_bytes - 1
    line = (f"{what}: measured {measured_bytes / 2**20:.1f} MiB, plan {planned_bytes / 2**20:.1f} MiB "
            f"({pair}), {100 * error:+.1f} %")
    print(line)
    return abs(error) <= TOLERANCE


def live(tsivy):
    # Small update buffers (64 Ki updates per thread, the default's floor), which a
    # 5-stone pair fills; the default, sized by each pair's slots (solver/pair_solver.h),
    # is checked by the recorded runs. One thread:
    # each thread adds 2-4 MiB the model leaves out (its stack, allocator arena, zstd
    # context), a tenth of a 5-stone run's peak (and nothing at scale).
    stones, threads, updates = 5, 1, 1 << 16
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run(["/usr/bin/time", "-f", "peak %M", tsivy, "generate", "--max-stones", str(stones),
                              "--out", out, "--threads", str(threads), "--updates-per-round", str(updates),
                              "--quiet"], capture_output=True, text=True)
        if run.returncode != 0:
            print(run.stderr)
            return False
        kib = int(run.stderr.strip().splitlines()[-1].split()[1])
    planned, pair = planned_peak(tsivy, stones, 1, threads, updates)
    return compare(f"generate --max-stones {stones} --threads {threads} --updates-per-round {updates}",
                   kib * 1024, planned, pair)


def recorded(tsivy, path):
    with open(path) as f:
        records = json.load(f)["runs"]
    ok = True
    for r in records:
        planned, pair = planned_peak(tsivy, r["max_stones"], r["ranks"], r["threads"], r.get("updates_per_round"))
        ok &= compare(f"recorded: {r['command']} ({r['machine']}, {r['date']})", r["peak_kib"] * 1024, planned, pair)
    return ok and bool(records)


def main():
    tsivy, what = sys.argv[1], sys.argv[2]
    ok = live(tsivy) if what == "live" else recorded(tsivy, what)
    if not ok:
        print(f"FAILED: plan is off by more than {100 * TOLERANCE:.0f} %")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
