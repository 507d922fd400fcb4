#!/usr/bin/env python3
"""Fails when a Markdown link, or a file name in a source comment, points to a file that is not there.

A clone has only what the repository holds, so every relative link in every Markdown
file must name a file or folder inside it: a link to a missing file, or one that leaves
the repository (such as ../shared/docs/rules.md, which only the development setup had),
is reported with its file and line, and the exit status is 1.

Source comments name files too ("see lookup/class_walk.h", "docs/architecture.md,
\"Values\""): in the comments of C++, Python, shell and CMake files, every file name
with a known extension must name a file of the repository. A name with folders must
be found from the root, from the commenting file's folder, or as the end of a path
in the repository (tsivy/tsivy.h); a bare name must be some file's name. Names in
angle brackets (<mpi.h>), placeholders (DIR/manifest.json, <step>_bench.cpp) and the
few outside names in NOT_IN_THE_REPOSITORY are not checked.

    links_test.py REPOSITORY_ROOT     check every *.md under the root
    links_test.py --self-test         check the checker on a tree with known bad links

Web and mail links (any URL scheme) and links within the same page (#anchor) are not
checked; of a relative link, the part after # or ? is ignored.
"""
import os
import re
import sys
import tempfile

# Folders that are not the repository's documents: version control, build trees.
SKIPPED_DIRS = {".git", "build", "node_modules", "__pycache__"}
# A development checkout may hold the normative documents in shared/ (or beside the
# repository, in ../shared); a clone has neither, so no link may lead there.
DEVELOPMENT_ONLY_DIR = "shared"

# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)")
# [label]: target, a reference definition on a line of its own.
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
URL_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")


def markdown_files(root):
    for folder, dirs, files in os.walk(root):
        at_top = os.path.samefile(folder, root)
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not (at_top and d == DEVELOPMENT_ONLY_DIR))
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(folder, name)


def link_targets(text):
    """(line number, target) of every link outside code blocks and code spans."""
    fence = None
    for number, line in enumerate(text.splitlines(), start=1):
        opening = FENCE.match(line)
        if fence:
            if opening and opening.group(1)[0] == fence[0] and len(opening.group(1)) >= len(fence):
                fence = None
            continue
        if opening:
            fence = opening.group(1)
            continue
        if line.startswith("    ") or line.startswith("\t"):  # an indented code block
            continue
        line = CODE_SPAN.sub("", line)
        for match in INLINE_LINK.finditer(line):
            yield number, match.group(1)
        definition = REFERENCE_DEFINITION.match(line)
        if definition:
            yield number, definition.group(1)


def problem(root, markdown_file, target):
    """Why the link is broken, or None when it names a file or folder of the repository."""
    target = target.strip("<>")
    if not target or target.startswith("#") or URL_SCHEME.match(target):
        return None
    path = re.split(r"[#?]", target, maxsplit=1)[0]
    if path.startswith("/"):  # GitHub resolves a leading / from the repository root
        resolved = os.path.join(root, path.lstrip("/"))
    else:
        resolved = os.path.join(os.path.dirname(markdown_file), path)
    resolved = os.path.realpath(resolved)
    real_root = os.path.realpath(root)
    if os.path.commonpath([resolved, real_root]) != real_root:
        return "points outside the repository, which a clone does not have"
    if os.path.relpath(resolved, real_root).split(os.sep)[0] == DEVELOPMENT_ONLY_DIR:
        return "points into shared/, which only a development checkout has"
    if not os.path.exists(resolved):
        return "no such file"
    return None


def broken_links(root):
    """(file relative to root, line, target, why) of every broken link under root."""
    found = []
    for markdown_file in markdown_files(root):
        with open(markdown_file, encoding="utf-8") as f:
            text = f.read()
        for number, target in link_targets(text):
            why = problem(root, markdown_file, target)
            if why:
                found.append((os.path.relpath(markdown_file, root), number, target, why))
    return found


# Extensions of the file names looked for in source comments.
COMMENT_NAME = re.compile(
    r"(?<![\w./<>=-])((?:[\w.-]+/)*[\w-]+\.(?:h|hpp|cpp|md|py|sh|cmake|json))(?![\w/>])")
SOURCE_FILE = re.compile(r"(\.(h|hpp|cpp|c|py|sh|cmake)|^CMakeLists\.txt)$")
# Named in comments but not part of the repository, each for a reason.
NOT_IN_THE_REPOSITORY = {
    "tbprobe.h",             # Fathom's probe header, named for comparison
    "web_assets_data.cpp",   # generated into the build tree (serve/embed_web_files.cmake)
}


def comment_of(path, line):
    """The comment part of one source line, or None."""
    if path.endswith((".h", ".hpp", ".cpp", ".c")):
        found = re.search(r"//|/\*|^\s*\*", line)
    else:  # Python, shell, CMake
        found = re.search(r"(^|\s)#(\s|$)", line)
    return line[found.start():] if found else None


def broken_comment_names(root):
    """(file relative to root, line, name) of every file name in a source comment that names no file."""
    paths, names, sources = set(), set(), []
    for folder, dirs, files in os.walk(root):
        at_top = os.path.samefile(folder, root)
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not (at_top and d == DEVELOPMENT_ONLY_DIR))
        for name in files:
            relative = os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
            paths.add(relative)
            names.add(name)
            if SOURCE_FILE.search(name):
                sources.append(relative)
    found = []
    for source in sorted(sources):
        with open(os.path.join(root, source), encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
        for number, line in enumerate(lines, start=1):
            comment = comment_of(source, line)
            if comment is None:
                continue
            for name in COMMENT_NAME.findall(comment):
                if name in NOT_IN_THE_REPOSITORY or name.split("/")[0].isupper():
                    continue
                if "/" not in name:
                    exists = name in names
                else:
                    here = os.path.normpath(os.path.join(os.path.dirname(source), name)).replace(os.sep, "/")
                    exists = name in paths or here in paths or any(p.endswith("/" + name) for p in paths) or \
                        os.path.isdir(os.path.join(root, name))
                if not exists:
                    found.append((source, number, name))
    return found


def self_test():
    """The checker must report exactly the broken links of a small tree, and no others."""
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "docs"))
        os.makedirs(os.path.join(root, "build", "x"))
        os.makedirs(os.path.join(root, "shared", "docs"))
        files = {
            "README.md": "\n".join([
                "[rules](docs/rules.md) [rules, a section](docs/rules.md#moves) [folder](docs)",
                "![picture](docs/board.png) [web](https://example.org/x.md) [mail](mailto:a@b.c)",
                "[here](#layout) [ref]: docs/rules.md",
                "[missing](docs/missing.md)",
                "[outside](../shared/docs/rules.md)",
                "`[in a code span](nowhere.md)`",
                "```",
                "[in a fence](nowhere.md)",
                "```",
                "[ref]: docs/gone.md",
            ]),
            "docs/rules.md": "[back](../README.md) [up twice](../../secret.md) [root](/docs/rules.md)\n"
                             "[normative](../shared/docs/rules.md)\n",
            "shared/docs/rules.md": "[not a document of the repository](nowhere.md)\n",
            "docs/board.png": "",
            "build/x/ignored.md": "[not a document of the repository](nowhere.md)\n",
        }
        for name, text in files.items():
            with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                f.write(text)
        sources = {
            "lib/a.h": "// See lib/b.h and docs/rules.md, \"Moves\"; b.h; <mpi.h>; DIR/manifest.json.\n"
                       "#include \"lib/gone.h\"  // an include is no comment\n"
                       "// Gone: lib/gone.h, and missing.md.\n",
            "lib/b.h": "/* lib/a.h and\n * tsivy/x.h (the end of a path) */\n",
            "lib/include/tsivy/x.h": "",
            "lib/run.py": "# rules.md and nowhere.py\nx = '# not.md'\n",
            "lib/CMakeLists.txt": "# lib/b.h, then lib/c.cpp\n",
            "build/x/ignored.h": "// nowhere.h\n",
        }
        os.makedirs(os.path.join(root, "lib", "include", "tsivy"))
        for name, text in sources.items():
            with open(os.path.join(root, name), "w", encoding="utf-8") as f:
                f.write(text)
        got_names = sorted(broken_comment_names(root))
        want_names = sorted([
            ("lib/a.h", 3, "lib/gone.h"),
            ("lib/a.h", 3, "missing.md"),
            ("lib/run.py", 1, "nowhere.py"),
            ("lib/CMakeLists.txt", 1, "lib/c.cpp"),
        ])
        if got_names != want_names:
            print(f"links_test self-test: found the comment names {got_names}, expected {want_names}")
            return 1
        got = sorted((f, n, t) for f, n, t, _ in broken_links(root))
        want = sorted([
            ("README.md", 4, "docs/missing.md"),
            ("README.md", 5, "../shared/docs/rules.md"),
            ("README.md", 10, "docs/gone.md"),
            (os.path.join("docs", "rules.md"), 1, "../../secret.md"),
            (os.path.join("docs", "rules.md"), 2, "../shared/docs/rules.md"),
        ])
        if got != want:
            print(f"links_test self-test: found {got}, expected {want}")
            return 1
    print(f"links_test self-test: the checker finds exactly the {len(want)} broken links and the "
          f"{len(want_names)} missing names in comments of its test tree")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[0] + "\nusage: links_test.py REPOSITORY_ROOT | --self-test")
        return 2
    root = argv[1]
    found = broken_links(root)
    for markdown_file, number, target, why in found:
        print(f"{markdown_file}:{number}: ({target}): {why}")
    checked = sum(1 for _ in markdown_files(root))
    print(f"{len(found)} broken link(s) in {checked} Markdown file(s)")
    named = broken_comment_names(root)
    for source, number, name in named:
        print(f"{source}:{number}: {name}: named in a comment, no such file in the repository")
    print(f"{len(named)} file name(s) in source comments that name no file")
    return 1 if found or named else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
