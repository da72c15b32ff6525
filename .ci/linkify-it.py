#!/usr/bin/env python3
"""Scores linkify-it (its Python port, python3-linkify-it) on the test sets
of URLs in prose, each suite file alone, as extract/suites_test.go scores
urlsift and xurls, then on linkify-it's, xurls's and the RFC prose cases
together (the set the README's bounds are about):
python3 .ci/linkify-it.py extract/testdata/prose/suites/*.jsonl
With no file, it scores the cases of standard input as one set."""
import json
import os
import sys

import linkify_it
from linkify_it import LinkifyIt

BOUND = ("linkify-it.jsonl", "xurls.jsonl", "rfc-prose.jsonl")
NAME = "linkify-it (linkify-it-py %s)" % getattr(linkify_it, "__version__", "?")

lf = LinkifyIt()


def expected(c):
    if "why" in c:
        return c["choice"]
    if "written" in c:
        return c["written"]
    return c["want"]


def judged(c, matches):
    """What linkify-it found, as the case judges it (suites_test.go's
    judged): the URL at Emacs's point, each URL once, only the wanted
    ones, or only the first."""
    if c.get("point"):
        at = min(c["point"] - 1, len(c["in"]))
        for m in matches:
            if m.index <= at <= m.last_index:
                return [m.raw]
        return []
    got, left = [], list(expected(c))
    for m in matches:
        if c.get("unique") and m.raw in got:
            continue
        if c.get("some"):
            if m.raw not in left:
                continue
            left.remove(m.raw)
        got.append(m.raw)
    if c.get("first"):
        got = got[:1]
    return got


class Score:
    def __init__(self):
        self.exact = self.cases = self.found = self.right = self.wanted = 0

    def add(self, got, want):
        self.cases += 1
        self.exact += got == want
        self.found += len(got)
        self.wanted += len(want)
        left = list(want)
        for g in got:
            if g in left:
                left.remove(g)
                self.right += 1

    def merge(self, o):
        for k in ("exact", "cases", "found", "right", "wanted"):
            setattr(self, k, getattr(self, k) + getattr(o, k))

    def __str__(self):
        return "exact %5.1f%% (%d/%d)  precision %5.1f%%  recall %5.1f%%" % (
            100 * self.exact / max(self.cases, 1), self.exact, self.cases,
            100 * self.right / max(self.found, 1), 100 * self.right / max(self.wanted, 1))


def score(lines):
    s = Score()
    for line in lines:
        c = json.loads(line)
        s.add(judged(c, lf.match(c["in"]) or []), expected(c))
    return s


if len(sys.argv) == 1:
    print("%-52s %s" % (NAME, score(sys.stdin)))
    sys.exit(0)
bound = Score()
for path in sys.argv[1:]:
    with open(path) as f:
        s = score(f)
    name = os.path.basename(path)
    print("== %s (%d cases)" % (name, s.cases))
    print("%-52s %s" % (NAME, s))
    if name in BOUND:
        bound.merge(s)
print("== %s together" % ", ".join(BOUND))
print("%-52s %s" % (NAME, bound))
