#!/usr/bin/env bash
# Checks that a news spool packed as a .tar.gz gives the records its
# unpacked tree gives, member for file, in every mode of the command: the
# text output, -Hn, --with-message, --json (wrappers, --unwrapped,
# --schemeless, iri with --normalize, rfc3986), -c, -l, -L and -u.
#
#   bash cmd/urlsift/spool-check.sh SPOOL.tar.gz
#
# The archive is unpacked in a temporary folder, removed after; a real
# spool (the CMU 20 Newsgroups set, 19,997 articles of 1993) is fetched,
# never committed. Exits 1 when a mode differs.
set -euo pipefail
cd "$(dirname "$0")/../.."
spool=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/urlsift" ./cmd/urlsift
mkdir "$tmp/tree"
tar xzf "$spool" -C "$tmp/tree"
python3 - "$tmp/urlsift" "$spool" "$tmp/tree/" <<'PY'
import json, subprocess, sys
u, tgz, root = sys.argv[1:]
def run(args, target):
    p = subprocess.run([u] + args + [target], capture_output=True)
    return p.stdout.decode('utf-8', 'surrogateescape'), p.returncode
def text(out, archive):
    res = []
    for l in out.split('\n'):
        if l and archive and l.startswith(tgz + '{'):
            k = l.index('}', len(tgz) + 1)
            l = root + l[len(tgz) + 1:k] + l[k + 1:]
        if l:
            res.append(l)
    return res
def records(out, archive):
    res = []
    for l in out.splitlines():
        r = json.loads(l)
        if archive:
            r['path'] = root + r.pop('member')
        res.append(json.dumps(r, sort_keys=True))
    return res
modes = [[], ['-Hn'], ['-Hn', '--with-message'], ['--json'], ['--json', '--unwrapped'], ['--json', '--schemeless'],
         ['--json', '--schemeless', '--grammar', 'iri', '--normalize'], ['--json', '--grammar', 'rfc3986'],
         ['-H', '-c'], ['-H', '-l'], ['-H', '-L'], ['-H', '-c', '--unwrapped'], ['-H', '-l', '--schemeless'],
         ['-H', '-L', '--unwrapped'], ['-Hu', '--unwrapped']]
bad = 0
for m in modes:
    (a, arc), (d, drc) = run(m, tgz), run(m, root)
    f = records if '--json' in m else text
    na, nd = f(a, True), f(d, False)
    # A directory is walked in name order, an archive read in its own:
    # the records are compared as sets (-u keeps the first of each URL,
    # so its lines as a set of URLs).
    same = sorted(na) == sorted(nd) and arc == drc
    if '-Hu' in m:
        same = sorted(set(x.split(':', 1)[1] for x in na)) == sorted(set(x.split(':', 1)[1] for x in nd))
    print('%-55s %6d records  %s' % (' '.join(m) or '(no flags)', len(na), 'same' if same else 'DIFFERENT'))
    bad += not same
sys.exit(1 if bad else 0)
PY
