#!/usr/bin/env python3
"""Makes a large result bundle by scaling a real one's rows.

    scale.py SOURCE.xcresult TARGET.xcresult RUNS

Copies SOURCE's Info.plist and database.sqlite3, then adds copies of its suites, test cases,
test case runs, issues, arguments, tags, activities and attachments (each copy's suites and test
identifiers prefixed "CopyN/") until the database holds at least RUNS test case runs. Foreign
keys are shifted with their table's rows; skip notices, values, devices and plans are shared.
"""
import os
import shutil
import sqlite3
import sys

source, target, wanted = sys.argv[1], sys.argv[2], int(sys.argv[3])
if os.path.exists(target):
    shutil.rmtree(target)
os.makedirs(target)
for name in ("Info.plist", "database.sqlite3"):
    shutil.copyfile(os.path.join(source, name), os.path.join(target, name))
db = sqlite3.connect(os.path.join(target, "database.sqlite3"))

# Which table each foreign-key column points into, for the tables that are copied.
POINTS_TO = {
    "parentSuite_fk": "TestSuites", "testSuite_fk": "TestSuites", "testCase_fk": "TestCases",
    "testSuiteRun_fk": "TestSuiteRuns", "parentSuiteRun_fk": "TestSuiteRuns", "testCaseRun_fk": "TestCaseRuns",
    "testIssue_fk": "TestIssues", "activity_fk": "Activities", "parent_fk": "Activities",
}
COPIED = ["TestSuites", "TestCases", "TestSuiteRuns", "TestCaseRuns", "TestIssues", "Arguments", "TestTags",
          "Activities", "Attachments"]
maximum = {t: db.execute(f'SELECT coalesce(max(rowid), 0) FROM "{t}"').fetchone()[0] for t in COPIED}
columns = {t: [r[1] for r in db.execute(f'PRAGMA table_info("{t}")')] for t in COPIED}
runs = db.execute("SELECT count(*) FROM TestCaseRuns").fetchone()[0]
copies = max(0, -(-wanted // runs) - 1)

for copy in range(1, copies + 1):
    for table in COPIED:
        selected = [f"rowid + {maximum[table] * copy}"]
        for column in columns[table]:
            if column in POINTS_TO and POINTS_TO[column] in maximum:
                selected.append(f'CASE WHEN "{column}" IS NULL THEN NULL ELSE "{column}" + {maximum[POINTS_TO[column]] * copy} END')
            elif table in ("TestSuites", "TestCases") and column == "identifier":
                selected.append(f"'Copy{copy}/' || identifier")
            elif table == "TestSuites" and column == "name" :
                selected.append(f"name || ' {copy}'")
            else:
                selected.append(f'"{column}"')
        names = ", ".join(["rowid"] + [f'"{c}"' for c in columns[table]])
        db.execute(f'INSERT INTO "{table}" ({names}) SELECT {", ".join(selected)} FROM "{table}" WHERE rowid <= {maximum[table]}')
db.commit()
total = db.execute("SELECT count(*) FROM TestCaseRuns").fetchone()[0]
tests = db.execute("SELECT count(*) FROM TestCases").fetchone()[0]
print(f"{target}: {total} test case runs of {tests} tests ({copies} copies of {runs} runs)")
