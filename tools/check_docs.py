#!/usr/bin/env python3
"""Runs the shell examples of the docs and compares their output.

Every fenced code block of README.md and docs/cli.md whose lines start with
"$ " is an example: each "$ command" line is run (in one bash per block, so
`echo $?` sees the previous command), and the lines after it, up to the next
"$ " line or the end of the block, are its expected output (stdout and
stderr together). Before comparing, times are masked ("51.7 us", "0.223 s",
"built in 9.773 ms", "time_s": 0.43), since they vary from run to run. A line
"..." in the expected output stands for any number of lines (an abridged
example).

`sepax` at the start of a command is the tool of the build directory given
with --build (build/tools/sepax). Commands run in a scratch directory that
links the repository's tests/ and tools/, and the build directory as build/,
so files they write (render -o x.svg) do not land in the repository; python/
is linked too, for docs/python.md's examples. JSON
output may be shown with its line breaks moved: it is then compared without
white space.

Usage: tools/check_docs.py [--build DIR] [FILE.md ...]
Exit status 0 when every example gives its documented output, 1 otherwise
(each difference is printed as a diff), 2 on bad usage.
"""

import argparse
import difflib
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DOCS = ["README.md", "docs/cli.md"]
MARKER = "@@sepax-check-docs@@"

# Times, which vary from run to run: a number followed by a time unit, and
# the JSON fields that hold seconds or microseconds.
TIME_PATTERNS = [
    (re.compile(r"\b\d+(\.\d+)?(e-?\d+)? ?(us|ms|s)\b"), "<time>"),
    (re.compile(r'("[a-z_]*(time_s|_us|_ms)"\s*:\s*)[0-9.eE+-]+'), r"\1<time>"),
]


def mask(line):
    for pattern, replacement in TIME_PATTERNS:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def examples(path):
    """(line number, [(command, [expected lines])]) per example block."""
    blocks = []
    in_block = False
    block = []
    start = 0
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.startswith("```"):
            if in_block and block:
                blocks.append((start, block))
            in_block = not in_block
            block = []
            start = number
            continue
        if not in_block:
            continue
        if line.startswith("$ "):
            block.append((line[2:], []))
        elif block:
            block[-1][1].append(line)
    return blocks


def script_for(block, build):
    # The marker between two commands must not change $? for `echo $?`.
    lines = [f'sepax() {{ "{build}/tools/sepax" "$@"; }}']
    for command, _ in block:
        lines.append(f"status=$?; echo '{MARKER}'; (exit $status)")
        lines.append(command)
    return "\n".join(lines) + "\n"


def matches(expected, actual):
    """True when actual fits expected, where a "..." line is any lines."""
    pattern = []
    for line in expected:
        if line.strip() == "...":
            pattern.append(r"(?:.*\n)*?")
        else:
            pattern.append(re.escape(mask(line)) + r"\n")
    text = "".join(mask(line) + "\n" for line in actual)
    if re.fullmatch("".join(pattern), text) is not None:
        return True
    # JSON may be shown with its line breaks moved (compact arrays): then it
    # is compared without white space outside strings.
    if expected and expected[0].startswith("{"):
        return squeeze(expected) == squeeze(actual)
    return False


def squeeze(lines):
    text = "".join(mask(line) for line in lines)
    parts = re.split(r'("(?:[^"\\]|\\.)*")', text)
    return "".join(p if i % 2 else re.sub(r"\s+", "", p) for i, p in enumerate(parts))


def check(path, build, scratch):
    failures = 0
    for start, block in examples(path):
        result = subprocess.run(
            ["bash", "-c", script_for(block, build)],
            cwd=scratch,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=dict(os.environ, NO_COLOR="1"),
        )
        outputs = result.stdout.split(MARKER + "\n")[1:]
        for (command, expected), actual in zip(block, outputs):
            actual_lines = actual.splitlines()
            if matches(expected, actual_lines):
                continue
            failures += 1
            print(f"{path.relative_to(ROOT)}:{start}: $ {command}")
            diff = difflib.unified_diff(
                [mask(x) for x in expected],
                [mask(x) for x in actual_lines],
                "documented",
                "actual",
                lineterm="",
            )
            print("\n".join(diff))
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=str(ROOT / "build"), help="build directory")
    parser.add_argument("docs", nargs="*", help="markdown files (default: README.md docs/cli.md)")
    args = parser.parse_args()
    build = Path(args.build).resolve()
    docs = [Path(d).resolve() for d in args.docs] or [ROOT / d for d in DEFAULT_DOCS]
    uses_tool = any(command.split()[:1] == ["sepax"] for doc in docs
                    for _, block in examples(doc) for command, _ in block)
    if uses_tool and not (build / "tools" / "sepax").is_file():
        print(f"check_docs: no sepax tool in {build}/tools", file=sys.stderr)
        return 2
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name in ("tests", "tools", "python"):
            os.symlink(ROOT / name, Path(scratch) / name)
        os.symlink(build, Path(scratch) / "build")
        for doc in docs:
            failures += check(doc, build, scratch)
    count = sum(len(block) for doc in docs for _, block in examples(doc))
    print(f"check_docs: {count - failures} of {count} examples give their documented output")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
