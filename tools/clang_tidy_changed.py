#!/usr/bin/env python3
"""clang-tidy (the checks of .clang-tidy) over the C++ files a change touches: CTest's
`clang_tidy` entry. The whole tree takes about half an hour of CPU, over the test
command's budget; `run-clang-tidy -p BUILD_DIR` is that long form.

  tools/clang_tidy_changed.py CLANG_TIDY BUILD_DIR [BASE]

The change is what differs from BASE (default: $MONOTABLE_TIDY_BASE, else HEAD~1, the
last commit), committed or not, and the files git does not track yet. Each changed .cc
file is checked with its compile command from BUILD_DIR/compile_commands.json; in a
unity build (the default) with that of the unity batch that includes it, which checks
its batch-mates too. A changed header is checked through the .cc file of its name, and
through any checked file that includes it (.clang-tidy's HeaderFilterRegex). A file the
tree does not compile (a fuzz harness outside a fuzz tree) is named and skipped.
GCC-only flags of the compile commands (`--param`, which the unity build passes to every
file of the tree, batched or not) are dropped before clang-tidy reads them: clang reports
them as errors (clang-diagnostic-unused-command-line-argument).

Exit status: 0 when clang-tidy reports nothing, 1 when it reports (its findings are
printed) or fails, 2 when the change cannot be listed.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def changed_files(base):
    names = set(git("diff", "--name-only", "--diff-filter=d", base, "--").split())
    names |= set(git("ls-files", "--others", "--exclude-standard").split())
    return sorted(n for n in names if n.endswith((".cc", ".h")) and os.path.exists(n))


def without_gcc_only_flags(command):
    """The compile command without the flags clang does not take (`--param=X` and
    `--param X`)."""
    args, kept, skip_next = shlex.split(command), [], False
    for arg in args:
        if skip_next:
            skip_next = False
        elif arg == "--param":
            skip_next = True
        elif not arg.startswith("--param="):
            kept.append(arg)
    return shlex.join(kept)


def clang_compile_commands(build, into):
    """Writes BUILD's compile_commands.json, GCC-only flags dropped, into the folder
    INTO; returns the compiled files' real paths."""
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = json.load(f)
    for c in commands:
        if "command" in c:
            c["command"] = without_gcc_only_flags(c["command"])
        if "arguments" in c:
            c["arguments"] = shlex.split(without_gcc_only_flags(shlex.join(c["arguments"])))
    with open(os.path.join(into, "compile_commands.json"), "w") as f:
        json.dump(commands, f)
    return {os.path.realpath(os.path.join(c["directory"], c["file"])) for c in commands}


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    clang_tidy, build = sys.argv[1], os.path.abspath(sys.argv[2])
    base = sys.argv[3] if len(sys.argv) == 4 else os.environ.get("MONOTABLE_TIDY_BASE", "HEAD~1")
    try:
        root = git("rev-parse", "--show-toplevel").strip()
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"clang_tidy: not a git checkout, or git is missing ({e}); the change cannot be listed",
              file=sys.stderr)
        return 2
    os.chdir(root)
    try:
        files = changed_files(base)
    except subprocess.CalledProcessError as e:
        print(f"clang_tidy: cannot list the change against {base}: {e.stderr.strip()}",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="clang_tidy_") as commands_dir:
        return check(clang_tidy, build, base, root, files, commands_dir)


def check(clang_tidy, build, base, root, files, commands_dir):
    compiled = clang_compile_commands(build, commands_dir)
    # Unity batches: each includes its sources by absolute path.
    batch_of = {}
    for c in compiled:
        if "/Unity/unity_" in c:
            with open(c) as f:
                for line in f:
                    if line.startswith("#include"):
                        batch_of[os.path.realpath(line.split('"')[1])] = c
    targets = set()
    for name in files:
        path = os.path.realpath(name)
        if name.endswith(".h"):
            path = path[:-2] + ".cc"
            if not os.path.exists(path):
                continue  # checked through the files that include it
        target = path if path in compiled else batch_of.get(path)
        if target is None:
            print(f"clang_tidy: {os.path.relpath(path, root)} is not compiled in {build}: skipped")
            continue
        targets.add(target)
    if not targets:
        print(f"clang_tidy: no compiled C++ file changed since {base}")
        return 0
    failed = False
    for target in sorted(targets):
        print(f"clang_tidy: {os.path.relpath(target, root)}", flush=True)
        command = [clang_tidy, "--quiet", "-p", commands_dir, target]
        if "/Unity/unity_" in target:
            # A unity batch is a file of #includes of .cc files: that is its design, not
            # the mistake bugprone-suspicious-include looks for.
            command[1:1] = ["--checks=-bugprone-suspicious-include"]
        run = subprocess.run(command, capture_output=True, text=True)
        # clang-tidy counts the warnings of headers it does not show on stderr; what it
        # reports is on stdout.
        if run.returncode != 0 or run.stdout.strip():
            failed = True
            print(run.stdout + run.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
