#!/usr/bin/env python3
"""The layering rule, enforced: a folder uses only the folders before it.

The order is the one list in the top CMakeLists.txt (`foreach(step ...)`), the data
flow of docs/architecture.md. Every target sees the whole source root, so the compiler
cannot refuse `#include "solver/..."` from `lookup/`; this test does. It reads every
C and C++ file of each listed folder and fails on
  - an include of a later folder (or of a folder outside the list, such as tests/),
  - an include it cannot place at all (a folder missing from the list),
  - a folder's CMakeLists.txt naming a later folder's library (tsivy_<folder>).
bench/, tests/, examples/ and fuzz/ are not layers: they may use anything.
Beyond the order, some folders are kept apart (KEPT_APART): the verifier (check/)
uses nothing of the solver whose tables it verifies, so that it is independent of
it by construction, not by care.

Usage: layers_test.py SOURCE_ROOT   checks the tree
       layers_test.py --self-test   checks the checker on small made-up trees
"""
import re
import sys
import tempfile
import unittest
from pathlib import Path

SOURCE_SUFFIXES = {".h", ".hpp", ".c", ".cc", ".cpp"}
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.MULTILINE)
LAYERS = re.compile(r"^\s*foreach\s*\(\s*step\s+([^)]*)\)", re.MULTILINE)
# A folder and the earlier folders it must not use all the same.
KEPT_APART = {"check": {"solver"}}


def layer_order(root):
    """The folders of the top CMakeLists.txt's foreach(step ...) list, in order."""
    match = LAYERS.search((root / "CMakeLists.txt").read_text())
    if not match:
        raise SystemExit(f"{root / 'CMakeLists.txt'}: no foreach(step ...) list of the layers")
    return match.group(1).split()


def layer_of_include(root, layers, including_file, included):
    """The layer an include names, or None when it names no file of any layer."""
    first = included.split("/", 1)[0]
    if first in layers and "/" in included:
        return first
    if (including_file.parent / included).is_file():  # beside the including file
        return including_file.relative_to(root).parts[0]
    for layer in layers:  # a layer's public include directory (probe/include/tsivy/...)
        if (root / layer / "include" / included).is_file():
            return layer
    return None


def problems(root):
    root = Path(root)
    layers = layer_order(root)
    rank = {layer: k for k, layer in enumerate(layers)}
    found = []
    for layer in layers:
        folder = root / layer
        if not folder.is_dir():
            continue
        for path in sorted(folder.rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            where = path.relative_to(root)
            text = path.read_text(errors="replace")
            for match in INCLUDE.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                included = match.group(1)
                target = layer_of_include(root, layers, path, included)
                if target is None:
                    found.append(f'{where}:{line}: includes "{included}", which is in no folder of the layers '
                                 f"({' '.join(layers)})")
                elif rank[target] > rank[layer]:
                    found.append(f'{where}:{line}: includes "{included}": {layer}/ may use only the folders '
                                 f"before it, and {target}/ comes after it")
                elif target in KEPT_APART.get(layer, ()):
                    found.append(f'{where}:{line}: includes "{included}": {layer}/ is kept apart from {target}/')
        cmake = folder / "CMakeLists.txt"
        if cmake.is_file():
            text = cmake.read_text()
            for match in re.finditer(r"\btsivy_(\w+)\b", text):
                target = match.group(1)
                if target in rank and rank[target] > rank[layer]:
                    line = text.count("\n", 0, match.start()) + 1
                    found.append(f"{cmake.relative_to(root)}:{line}: names tsivy_{target}: {layer}/ may use only the "
                                 f"folders before it, and {target}/ comes after it")
                elif target in KEPT_APART.get(layer, ()):
                    line = text.count("\n", 0, match.start()) + 1
                    found.append(f"{cmake.relative_to(root)}:{line}: names tsivy_{target}: {layer}/ is kept apart "
                                 f"from {target}/")
    return found


class CheckerCatchesBackwardUses(unittest.TestCase):
    """The checker on made-up trees: layers a, b, c in that order."""

    def tree(self, files):
        self.dir = tempfile.TemporaryDirectory()
        root = Path(self.dir.name)
        (root / "CMakeLists.txt").write_text("foreach(step a b c)\n  add_subdirectory(${step})\nendforeach()\n")
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text)
        return root

    def tearDown(self):
        self.dir.cleanup()

    def test_including_an_earlier_layer_or_a_neighbour_passes(self):
        root = self.tree({"a/x.h": "#pragma once\n", "b/y.h": '#include "a/x.h"\n#include "z.h"\n', "b/z.h": "",
                          "c/include/pub/p.h": "", "c/w.cpp": '#include "pub/p.h"\n#include <vector>\n'})
        self.assertEqual(problems(root), [])

    def test_including_a_later_layer_fails_naming_the_line(self):
        root = self.tree({"a/x.cpp": '#include <string>\n\n#include "b/y.h"\n', "b/y.h": ""})
        found = problems(root)
        self.assertEqual(len(found), 1, found)
        self.assertIn("a/x.cpp:3", found[0])
        self.assertIn("b/ comes after it", found[0])

    def test_including_a_later_layers_public_header_fails(self):
        root = self.tree({"a/x.cpp": '#include "pub/p.h"\n', "c/include/pub/p.h": ""})
        self.assertEqual(len(problems(root)), 1)

    def test_including_tests_or_an_unlisted_folder_fails(self):
        root = self.tree({"b/y.cpp": '#include "tests/t.h"\n#include "d/e.h"\n', "tests/t.h": "", "d/e.h": ""})
        self.assertEqual(len(problems(root)), 2)

    def test_linking_a_later_layers_library_fails(self):
        root = self.tree({"b/CMakeLists.txt": "target_link_libraries(tsivy_b PUBLIC tsivy_a PRIVATE tsivy_c)\n"})
        found = problems(root)
        self.assertEqual(len(found), 1, found)
        self.assertIn("tsivy_c", found[0])

    def test_a_folder_kept_apart_from_an_earlier_one_may_not_use_it(self):
        root = self.tree({"solver/x.h": "", "check/y.cpp": '#include "solver/x.h"\n',
                          "check/CMakeLists.txt": "target_link_libraries(tsivy_check PUBLIC tsivy_solver)\n"})
        (root / "CMakeLists.txt").write_text("foreach(step solver check)\nendforeach()\n")
        found = problems(root)
        self.assertEqual(len(found), 2, found)
        self.assertTrue(all("kept apart from solver/" in f for f in found), found)

    def test_the_order_comes_from_the_top_cmakelists(self):
        root = self.tree({"a/x.cpp": '#include "b/y.h"\n', "b/y.h": ""})
        (root / "CMakeLists.txt").write_text("foreach(step b a c)\nendforeach()\n")
        self.assertEqual(problems(root), [])


def main():
    if sys.argv[1:] == ["--self-test"]:
        unittest.main(argv=[sys.argv[0], "-v"])
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    found = problems(sys.argv[1])
    for line in found:
        print(line)
    if found:
        raise SystemExit(f"{len(found)} use(s) of a later layer")
    print(f"layers: {' '.join(layer_order(Path(sys.argv[1])))}: no folder uses a later one")


if __name__ == "__main__":
    main()
