#!/usr/bin/env python3
"""Writes a test history (history.jsonl, the format `pyramid spec --history` appends) of RUNS
runs of TESTS tests, for scripts/bench-flaky:

    generate.py OUT RUNS TESTS [EVENTS]
    generate.py OUT RUNS --list HISTORY

With EVENTS (an event stream), the tests are that stream's test functions, so the spec of that
stream finds its tests in the history. These runs are version 1's lines, one record a run with
every test spelled out, as histories begun before version 3 hold them.

With --list, the runs are version 3's, as `pyramid spec --history` writes them today: HISTORY is a
history pyramid wrote (scripts/bench-spec lets it append one run of the stream), whose first line
is its list of tests; that line is copied, and each run is its outcomes in the list's order, one
letter a test, with durations, failures and attempts by place.

Runs are a minute apart, five a commit; one test in fifty flips now and then (failing one run
in seven), one in a hundred passes on a retry one run in ten, and one in two hundred gets three
times slower in the last runs. Seeded, so every machine writes the same file.
"""
import json
import os
import random
import sys

out, runs = sys.argv[1], int(sys.argv[2])
os.makedirs(out, exist_ok=True)
rng = random.Random(19)
list_line = None
if sys.argv[3] == "--list":
    with open(sys.argv[4], encoding="utf-8") as history:
        list_line = history.readline()
    catalog = json.loads(list_line)
    if catalog.get("version") != 3 or "catalog" not in catalog or "extends" in catalog:
        sys.exit(f"{sys.argv[4]}: its first line is not a whole list of tests (version 3)")
    ids = [test["id"] for test in catalog["tests"]]
    tests = len(ids)
else:
    tests = int(sys.argv[3])
if list_line is None:
    ids = [f"Feature{t // 500}Tests.Suite{t // 20}/test{t}()/Suite{t // 20}.swift:{10 + t % 20 * 7}:6" for t in range(tests)]
if list_line is None and len(sys.argv) > 4:
    with open(sys.argv[4], encoding="utf-8") as stream:
        records = (json.loads(line) for line in stream if line.strip())
        functions = [r["payload"]["id"] for r in records if r.get("kind") == "test" and r["payload"].get("kind") == "function"]
    if len(functions) < tests:
        sys.exit(f"{sys.argv[4]} has {len(functions)} test functions, fewer than {tests}")
    ids = functions[:tests]
base = [0.001 + rng.random() * 0.05 for _ in range(tests)]
with open(os.path.join(out, "history.jsonl"), "w") as file:
    if list_line is not None:
        file.write(list_line if list_line.endswith("\n") else list_line + "\n")
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
        time = 1764000000 + run * 60
        if list_line is None:
            record = {"commit": f"{run // 5:040x}", "dirty": False, "tests": entries, "time": time, "version": 1}
        else:
            letters = {"passed": "p", "failed": "x", "flaky": "f"}
            record = {
                "commit": f"{run // 5:040x}", "dirty": False, "tests": catalog["catalog"], "time": time, "version": 3,
                "outcomes": "".join(letters[entry["outcome"]] for entry in entries),
                "durations": [round(entry["duration"] * 1_000_000) for entry in entries],
                "failures": {str(place): entry["failure"] for place, entry in enumerate(entries) if "failure" in entry},
                "attempts": {str(place): entry["attempts"] for place, entry in enumerate(entries) if entry["attempts"] > 1},
            }
        file.write(json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":")) + "\n")
print(f"{runs} runs of {tests} tests -> {out}/history.jsonl")
