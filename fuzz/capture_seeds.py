#!/usr/bin/env python3
"""Builds the fuzzers' seed corpora from the integration tests' own requests.

  fuzz/capture_seeds.py BUILD_DIR FUZZ_TREE [pytest module ...]
  MONOTABLE_CAPTURED=DIR fuzz/capture_seeds.py - FUZZ_TREE   (reuse a capture)

Runs the given integration test modules (default: a set that covers every operation)
against BUILD_DIR/monotable with fuzz/capture_plugin.py recording every request, then
writes fuzz/corpus/<harness>/ from what was sent:
  http         the raw bytes of single requests (headers and body)
  operations   "<operation>\\n<body>" (fuzz_operations' input form)
  expressions  a kind byte and the text of each *Expression parameter
  partiql      each PartiQL statement
and the codec and catalog seeds from FUZZ_TREE/fuzz/fuzz_seed_writer (the real
encoders). Each corpus is then minimised with the harness's own -merge=1, so only
inputs that add coverage are kept. Seed files are named by their SHA-1, as libFuzzer
names them.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "fuzz" / "corpus"
DEFAULT_MODULES = [
    "test_items", "test_batch", "test_transactions", "test_conditions", "test_updates_actions",
    "test_updates_set", "test_query_keys", "test_query_filters", "test_scan", "test_projections",
    "test_legacy", "test_partiql", "test_partiql_batch", "test_partiql_transactions",
    "test_tables", "test_indexes", "test_index_updates", "test_tags", "test_ttl",
    "test_streams_records", "test_streams_iterators", "test_resource_policies",
    "test_errors_items", "test_errors_tables", "test_errors_http", "test_http_wire",
    "test_expression_errors_service", "test_throughput_settings", "test_contributor_insights",
]
EXPRESSIONS = ["ConditionExpression", "FilterExpression", "KeyConditionExpression",
               "UpdateExpression", "ProjectionExpression"]  # the harness's kind order
MAX_SEED_BYTES = 4096
SAMPLE_WITHOUT_MERGE = 64  # seeds kept for a harness that is not built (no -merge)


def split_requests(stream):
    """The HTTP requests of one connection's bytes: (head, body) pairs."""
    while stream:
        end = stream.find(b"\r\n\r\n")
        if end < 0:
            return
        head, rest = stream[:end + 4], stream[end + 4:]
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip() or 0)
        yield head, rest[:length]
        stream = rest[length:]


def target_of(head):
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"x-amz-target":
            target = value.strip().decode()
            prefix = "DynamoDB_20120810."
            return target[len(prefix):] if target.startswith(prefix) else target
    return None


def statements_of(request):
    if isinstance(request.get("Statement"), str):
        yield request["Statement"]
    for key in ("Statements", "TransactStatements"):
        for entry in request.get(key) or []:
            if isinstance(entry, dict) and isinstance(entry.get("Statement"), str):
                yield entry["Statement"]


def write(folder, data, seen):
    if len(data) > MAX_SEED_BYTES:
        return
    digest = hashlib.sha1(data).hexdigest()
    if digest in seen:
        return
    seen.add(digest)
    (folder / digest).write_bytes(data)


def capture(build_dir, modules, out):
    env = dict(os.environ, MONOTABLE_CAPTURE_DIR=str(out),
               MONOTABLE_BIN=str(Path(build_dir).resolve() / "monotable"),
               PYTHONPATH=str(ROOT / "fuzz"))
    paths = [str(ROOT / "tests" / "integration" / f"{m}.py") for m in modules]
    # Failures do not matter here: every request sent is a seed.
    subprocess.run(["/usr/bin/python3", "-m", "pytest", "-q", "-p", "capture_plugin",
                    "-p", "no:cacheprovider", *paths], env=env, cwd=ROOT, check=False,
                   stdout=subprocess.DEVNULL)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    build_dir, fuzz_tree = sys.argv[1], Path(sys.argv[2]).resolve()
    modules = sys.argv[3:] or DEFAULT_MODULES
    raw = {h: Path(tempfile.mkdtemp(prefix=f"seeds-{h}-"))
           for h in ("http", "operations", "expressions", "partiql", "codecs", "catalog")}
    seen = set()
    with tempfile.TemporaryDirectory() as scratch:
        captured = os.environ.get("MONOTABLE_CAPTURED")
        if not captured:
            captured = scratch
            capture(build_dir, modules, Path(captured))
        for path in Path(captured).iterdir():
            for head, body in split_requests(path.read_bytes()):
                write(raw["http"], head + body, seen)
                target = target_of(head)
                if target:
                    write(raw["operations"], target.encode() + b"\n" + body, seen)
                try:
                    request = json.loads(body)
                except ValueError:
                    continue
                if not isinstance(request, dict):
                    continue
                for kind, name in enumerate(EXPRESSIONS):
                    if isinstance(request.get(name), str):
                        write(raw["expressions"], bytes([kind]) + request[name].encode(), seen)
                for statement in statements_of(request):
                    write(raw["partiql"], statement.encode(), seen)
    writer = fuzz_tree / "fuzz" / "fuzz_seed_writer"
    if writer.exists():
        subprocess.run([str(writer), str(raw["codecs"]), str(raw["catalog"])], check=True)
    for harness, folder in raw.items():
        if not any(folder.iterdir()):  # nothing new (the seed writer is not built)
            shutil.rmtree(folder)
            continue
        final = CORPUS / harness
        shutil.rmtree(final, ignore_errors=True)
        final.mkdir(parents=True)
        binary = fuzz_tree / "fuzz" / f"fuzz_{harness}"
        if binary.exists():
            subprocess.run([str(binary), "-merge=1", str(final), str(folder)], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        else:  # not built: an even sample by size, so the corpus stays compact
            files = sorted(folder.iterdir(), key=lambda f: (f.stat().st_size, f.name))
            step = max(1, len(files) // SAMPLE_WITHOUT_MERGE)
            for f in files[::step][:SAMPLE_WITHOUT_MERGE]:
                shutil.copy(f, final / f.name)
        shutil.rmtree(folder)
        print(f"{harness}: {len(list(final.iterdir()))} seeds", file=sys.stderr)


if __name__ == "__main__":
    main()
