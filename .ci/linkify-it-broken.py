#!/usr/bin/env python3
"""Scores linkify-it (its Python port, python3-linkify-it) on the sets of
URLs in prose cut by line breaks, as extract/broken_test.go scores urlsift
and xurls: a broken URL counts as joined when linkify-it finds it whole, a
case that must not be joined as kept apart when nothing it finds runs on
from one of the case's URLs.
python3 .ci/linkify-it-broken.py extract/testdata/prose/broken/*.jsonl"""
import json
import os
import sys

from linkify_it import LinkifyIt

lf = LinkifyIt()
for path in sys.argv[1:]:
    broken = joined = apart = kept = 0
    for line in open(path, encoding="utf-8"):
        c = json.loads(line)
        got = [m.raw for m in (lf.match(c["in"]) or [])]
        for b in c["broken"]:
            broken += 1
            joined += b in got
        if c["kind"] != "apart":
            continue
        apart += 1
        kept += not any(len(g) > len(w) and g.startswith(w) and g not in c["want"] for g in got for w in c["want"])
    print("%-14s linkify-it  joined %d of %d broken URLs (%.1f%%), kept apart %d of %d cases (%.1f%%)" % (
        os.path.basename(path), joined, broken, 100 * joined / max(broken, 1), kept, apart, 100 * kept / max(apart, 1)))
