#!/usr/bin/env python3
"""Writes a Swift Testing run of N tests as the peers read it, for scripts/bench-spec:

  OUT/events.jsonl   the JSON event stream (version 6.3, experimental fields on)
  OUT/attachments/   one Scenario step record per step (three per test case)
  OUT/xunit.xml      the same run as Swift Testing's xUnit output

  generate.py OUT N [SEED]

Suites hold 20 tests each; every tenth test is parameterised with three cases; about 2% of
cases fail with an expectation, as a large real suite would.
"""
import json
import os
import random
import sys

out, count = sys.argv[1], int(sys.argv[2])
random.seed(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
os.makedirs(os.path.join(out, "attachments"), exist_ok=True)
lines, xunit = [], []
clock = 1000.0
epoch = 1_795_000_000.0


def record(kind, payload):
    lines.append(json.dumps({"kind": kind, "payload": payload, "version": "6.3.0"}, ensure_ascii=False, separators=(",", ":")))


def instant():
    global clock
    clock += 0.0001
    return {"absolute": clock, "since1970": epoch + clock}


def location(line):
    return {"fileID": "AppTests/Feature.swift", "filePath": "/src/AppTests/Feature.swift", "line": line, "column": 5}


suites = (count + 19) // 20
tests = []
for s in range(suites):
    suite_id = f"AppTests.Feature{s}"
    record("test", {"id": suite_id, "name": f"Feature{s}", "displayName": f"機能 {s}: 画面の振る舞い", "kind": "suite", "sourceLocation": location(1)})
    for t in range(min(20, count - s * 20)):
        line = 10 + t * 12
        test_id = f"{suite_id}/test{t}()/Feature.swift:{line}:6"
        param = t % 10 == 9
        cases = [{"id": f"case {c}", "displayName": f"\"value{c}\""} for c in range(3)] if param else []
        payload = {"id": test_id, "name": f"test{t}()", "displayName": f"「次へ」をタップすると登録APIを叩くこと {s}-{t}", "kind": "function",
                   "isParameterized": param, "sourceLocation": location(line), "_tags": [".smoke"] if t % 4 == 0 else []}
        if param:
            payload["_testCases"] = cases
        record("test", payload)
        tests.append((test_id, suite_id, t, line, cases))

record("event", {"kind": "runStarted", "instant": instant(), "messages": []})
step_number = 0
for test_id, suite_id, t, line, cases in tests:
    record("event", {"kind": "testStarted", "instant": instant(), "testID": test_id, "messages": []})
    for case in (cases or [None]):
        extra = {"_testCase": case} if case else {}
        if case:
            record("event", {"kind": "testCaseStarted", "instant": instant(), "testID": test_id, "messages": [], **extra})
        failed = random.random() < 0.02
        for index, (keyword, text) in enumerate([("Given", "個人を選択している"), ("When", "「次へ」をタップする"), ("Then", "登録APIを1回叩く")]):
            step_number += 1
            outcome = "failed" if failed and keyword == "Then" else "passed"
            path = os.path.join(out, "attachments", f"scenario-step-{step_number}.json")
            with open(path, "w") as f:
                json.dump({"scenarioStep": 1, "keyword": keyword, "text": text, "depth": 0, "startedAt": epoch + clock + index,
                           "durationSeconds": 0.0001, "outcome": outcome, "failure": None, "fileID": "AppTests/Feature.swift", "line": line + index}, f, ensure_ascii=False)
            record("event", {"kind": "valueAttached", "instant": instant(), "testID": test_id, "attachment": {"path": path, "_preferredName": "scenario-step.json"},
                             "messages": [{"symbol": "_attachment", "text": "Attached 'scenario-step.json'."}], **extra})
        if failed:
            record("event", {"kind": "issueRecorded", "instant": instant(), "testID": test_id,
                             "issue": {"isKnown": False, "isFailure": True, "severity": "error", "sourceLocation": location(line + 3)},
                             "messages": [{"symbol": "fail", "text": "Expectation failed: (calls → 0) == 1"}, {"symbol": "details", "text": "Step: Then 登録APIを1回叩く"}], **extra})
        if case:
            record("event", {"kind": "testCaseEnded", "instant": instant(), "testID": test_id, "messages": [], **extra})
        xunit.append((suite_id, test_id, failed))
    record("event", {"kind": "testEnded", "instant": instant(), "testID": test_id, "messages": []})
record("event", {"kind": "runEnded", "instant": instant(), "messages": []})

with open(os.path.join(out, "events.jsonl"), "w") as f:
    f.write("\n".join(lines) + "\n")

failures = sum(1 for _, _, failed in xunit if failed)
with open(os.path.join(out, "xunit.xml"), "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n')
    f.write(f'<testsuite name="TestResults" errors="0" tests="{len(xunit)}" failures="{failures}" skipped="0" time="1.0">\n')
    for suite_id, test_id, failed in xunit:
        name = test_id.split("/")[1]
        f.write(f'<testcase classname="{suite_id}" name="{name}" time="0.001">')
        if failed:
            f.write('<failure message="Expectation failed: (calls → 0) == 1"/>')
        f.write("</testcase>\n")
    f.write("</testsuite>\n</testsuites>\n")
print(f"{count} tests, {len(xunit)} cases, {step_number} steps, {len(lines)} stream lines -> {out}")
