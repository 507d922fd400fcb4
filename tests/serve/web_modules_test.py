"""The page's modules (web/*.js) stay arranged as docs/explorer.md describes: their
imports form no cycle, and no module but state.js (the state's one owner) assigns to a
field of the state (`state.x = ...`, `state.x++`): every change goes through update(),
which redraws. Plain python3, no browser.

Usage: python3 tests/serve/web_modules_test.py [WEB_DIR]   (default: the repository's web/)
"""

import pathlib
import re
import sys

OWNER = "state.js"

# `import { a, b } from "./x.js";`, over one line or several.
IMPORT = re.compile(r'^\s*import\b[^;]*?\bfrom\s*"\./([\w.-]+\.js)"', re.MULTILINE | re.DOTALL)
# An assignment to a field of the state, or to something inside one: `state.ply = 3`,
# `state.game[0].end = x`, `state.request += 1`, `++state.request`, `delete state.x`.
FIELD = r"\bstate\.\w+(?:\.\w+|\[[^\]]*\])*"
WRITE = re.compile(FIELD + r"\s*(?:[-+*/%|&]?=(?!=)|\+\+|--)|(?:\+\+|--)\s*" + FIELD + r"|\bdelete\s+" + FIELD)
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def imports(web):
    graph = {}
    for path in sorted(web.glob("*.js")):
        text = COMMENT.sub("", path.read_text())
        graph[path.name] = sorted(set(IMPORT.findall(text)))
    return graph


def find_cycle(graph):
    """A cycle of the import graph as a list of modules (first == last), or None."""
    state = {}  # module -> "open" while on the path, "done" after
    path = []

    def visit(module):
        state[module] = "open"
        path.append(module)
        for target in graph.get(module, []):
            if state.get(target) == "open":
                return path[path.index(target):] + [target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[module] = "done"
        return None

    for module in graph:
        if module not in state:
            cycle = visit(module)
            if cycle:
                return cycle
    return None


def writes(web):
    found = []
    for path in sorted(web.glob("*.js")):
        if path.name == OWNER:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            code = COMMENT.sub("", line)
            if WRITE.search(code):
                found.append(f"{path.name}:{number}: {line.strip()}")
    return found


def self_test():
    """The checks find what they are for (a check that finds nothing proves nothing)."""
    assert find_cycle({"a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["a.js"]}) == ["a.js", "b.js", "c.js", "a.js"]
    assert find_cycle({"a.js": ["b.js", "c.js"], "b.js": ["c.js"], "c.js": []}) is None
    for line in ["state.ply = 3;", "state.game[0].end = x;", "++state.request;", "state.marks += 1;",
                 "state.flipped=!state.flipped;", "delete state.selection.pendingKinds;"]:
        assert WRITE.search(line), line
    for line in ["if (state.ply === 0) x = 1;", "const a = state.fen;", "if (state.computer !== pending) return;",
                 "x = state.ply <= 2;"]:
        assert not WRITE.search(line), line
    text = 'import { a,\n         b } from "./x.js";\nimport { c } from "./y.js";\n'
    assert IMPORT.findall(text) == ["x.js", "y.js"]


def main():
    self_test()
    web = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2] / "web"
    graph = imports(web)
    if OWNER not in graph:
        print(f"FAIL: no {OWNER} in {web}")
        return 1
    failed = False
    for module, targets in graph.items():
        for target in targets:
            if target not in graph:
                print(f"FAIL: {module} imports {target}, which is not in {web}")
                failed = True
    cycle = find_cycle(graph)
    if cycle:
        print("FAIL: an import cycle: " + " -> ".join(cycle))
        failed = True
    for write in writes(web):
        print(f"FAIL: the state written outside {OWNER}: {write}")
        failed = True
    if failed:
        return 1
    print(f"ok: {len(graph)} modules, no import cycle, the state written by {OWNER} only")
    return 0


if __name__ == "__main__":
    sys.exit(main())
