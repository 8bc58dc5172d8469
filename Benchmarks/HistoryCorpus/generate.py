#!/usr/bin/env python3
"""Writes a test history (history.jsonl, the format `pyramid spec --history` appends) of RUNS
runs of TESTS tests, for scripts/bench-flaky:

    generate.py OUT RUNS TESTS [EVENTS]

With EVENTS (an event stream, as scripts/bench-spec passes), the tests are that stream's test
functions, so the spec of that stream finds its tests in the history.

Runs are a minute apart, five a commit; one test in fifty flips now and then (failing one run
in seven), one in a hundred passes on a retry one run in ten, and one in two hundred gets three
times slower in the last runs. Seeded, so every machine writes the same file.
"""
import json
import os
import random
import sys

out, runs, tests = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
os.makedirs(out, exist_ok=True)
rng = random.Random(19)
ids = [f"Feature{t // 500}Tests.Suite{t // 20}/test{t}()/Suite{t // 20}.swift:{10 + t % 20 * 7}:6" for t in range(tests)]
if len(sys.argv) > 4:
    with open(sys.argv[4], encoding="utf-8") as stream:
        records = (json.loads(line) for line in stream if line.strip())
        functions = [r["payload"]["id"] for r in records if r.get("kind") == "test" and r["payload"].get("kind") == "function"]
    if len(functions) < tests:
        sys.exit(f"{sys.argv[4]} has {len(functions)} test functions, fewer than {tests}")
    ids = functions[:tests]
base = [0.001 + rng.random() * 0.05 for _ in range(tests)]
with open(os.path.join(out, "history.jsonl"), "w") as file:
    for run in range(runs):
        entries = []
        for index, test_id in enumerate(ids):
            outcome, attempts, failure = "passed", 1, None
            if index % 50 == 0 and rng.random() < 1 / 7:
                outcome, failure = "failed", f"Expectation failed: (count → {run}) == 3"
            elif index % 100 == 1 and rng.random() < 0.1:
                outcome, attempts, failure = "flaky", 2, "timed out after 2.0 seconds"
            duration = base[index] * (3 if index % 200 == 2 and run >= runs - 5 else 1) * (0.9 + rng.random() * 0.2)
            entry = {"attempts": attempts, "duration": round(duration, 6), "id": test_id, "outcome": outcome}
            if failure:
                entry["failure"] = failure
            entries.append(entry)
        record = {"commit": f"{run // 5:040x}", "dirty": False, "tests": entries, "time": 1764000000 + run * 60, "version": 1}
        file.write(json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{runs} runs of {tests} tests -> {out}/history.jsonl")
