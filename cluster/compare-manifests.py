#!/usr/bin/env python3
"""Checks a table directory's manifest against a published one, file by file.

  cluster/compare-manifests.py PUBLISHED_MANIFEST TABLE_DIR

Every class of the published manifest must be in TABLE_DIR/manifest.json with the same
files: name, size in bytes and XXH64 checksum of the whole file. (`tsivy verify` checks
that the files on disk match their own manifest, checksums included, and re-checks
every value; together, the files are the published ones.) Exits 1 on any difference.
"""
import json
import os
import sys


def files_by_class(manifest):
    return {c["class"]: c["files"] for c in manifest["classes"]}


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        published = files_by_class(json.load(f))
    with open(os.path.join(sys.argv[2], "manifest.json")) as f:
        local = files_by_class(json.load(f))
    problems = []
    for name, files in sorted(published.items()):
        if name not in local:
            problems.append(f"{name}: not in {sys.argv[2]}/manifest.json")
            continue
        for kind, published_file in files.items():
            mine = local[name].get(kind)
            if mine != published_file:
                problems.append(f"{name} {kind}: published {published_file}, here {mine}")
    for line in problems:
        print(line)
    print(f"{len(published) - len({p.split(':')[0].split(' ')[0] for p in problems})} of {len(published)} classes "
          f"match the published manifest" + (f"; {len(problems)} difference(s)" if problems else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
