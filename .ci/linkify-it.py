#!/usr/bin/env python3
"""Scores linkify-it (its Python port, python3-linkify-it) on the test set
of URLs in prose, as extract/suites_test.go scores urlsift and xurls:
python3 .ci/linkify-it.py < extract/testdata/prose/suites.jsonl"""
import json
import sys

from linkify_it import LinkifyIt

lf = LinkifyIt()
exact = cases = found = right = wanted = 0
for line in sys.stdin:
    c = json.loads(line)
    want = c["choice"] if "why" in c else c["want"]
    got = [m.raw for m in (lf.match(c["in"]) or [])]
    if c["source"].startswith("xurls"):
        got = got[:1]
    cases += 1
    exact += got == want
    found += len(got)
    wanted += len(want)
    right += sum(1 for g in got if g in want)
print("%-50s exact %5.1f%% (%d/%d)  precision %5.1f%%  recall %5.1f%%" % (
    "linkify-it (linkify-it-py 2.0.0)", 100 * exact / cases, exact, cases,
    100 * right / max(found, 1), 100 * right / max(wanted, 1)))
