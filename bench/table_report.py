#!/usr/bin/env python3
"""Per-class figures from a table directory's manifest.json: positions per second per
core for seeding and propagation, and compressed bytes per index slot of each file
against the raw 2-bit (WDL) and 8-bit (depth) baselines."""
import json
import sys

directory, threads = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 1
manifest = json.load(open(f"{directory}/manifest.json"))
pairs = {}
print("| class | canonical | seed Mpos/s/core | propagate Mpos/s/core | WDL bytes/pos | depth bytes/pos |")
print("|---|---:|---:|---:|---:|---:|")
for c in manifest["classes"]:
    name = c["class"]
    m, n = map(int, name.split("v"))
    pair = tuple(sorted((m, n)))
    pairs.setdefault(pair, []).append(c)
for pair in sorted(pairs, key=lambda p: (sum(p), p)):
    members = pairs[pair]
    canonical = sum(c["canonical"] for c in members)
    seed, prop = members[0]["seed_seconds"], members[0]["propagate_seconds"]
    for c in members:
        rate = lambda s: f"{canonical / s / threads / 1e6:.2f}" if s > 0.05 else "-"
        print(f"| {c['class']} | {c['canonical']} | {rate(seed)} | {rate(prop)} | "
              f"{c['files']['wdl']['bytes'] / c['canonical']:.4f} | {c['files']['depth']['bytes'] / c['canonical']:.4f} |")
wdl = sum(c["files"]["wdl"]["bytes"] for c in manifest["classes"])
depth = sum(c["files"]["depth"]["bytes"] for c in manifest["classes"])
positions = sum(c["canonical"] for c in manifest["classes"])
print(f"\nall classes: {positions} canonical positions, WDL {wdl} bytes ({wdl / positions:.4f} B/pos; "
      f"raw 2-bit 0.25), depth {depth} bytes ({depth / positions:.4f} B/pos; raw 8-bit 1.0)")
