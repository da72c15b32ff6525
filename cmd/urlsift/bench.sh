#!/usr/bin/env bash
# The whole-command benchmarks of cmd/urlsift/BENCHMARKS.md ("Slow paths"),
# each input beside the reference command it is measured against, in one
# run of hyperfine per row: best of five, output to a pipe (GNU grep stops
# at its first match when its output is /dev/null), one core each.
#
#   bash cmd/urlsift/bench.sh                # every row
#   bash cmd/urlsift/bench.sh quoted json    # some rows
#
# Rows: quoted json rfcs4 prose mbox hosts utf16 tree memory. The inputs
# are generated in $BENCH_DIR (default /tmp/urlsift-bench), once. rfcs4
# and prose read the RFC set ($URLSIFT_RFC_DIR, default ../shared/rfc
# beside the project); mbox reads a real list archive of a few megabytes
# that you name in $URLSIFT_MBOX (never committed: fetch one, for example
# an mbox of a public mailing list kept on GitHub). The tree row needs
# about 200 MB of disk, the memory row 1 GiB.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${BENCH_DIR:-/tmp/urlsift-bench}
rfc=${URLSIFT_RFC_DIR:-../shared/rfc}
mkdir -p "$dir"
CGO_ENABLED=0 go build -o "$dir/urlsift" ./cmd/urlsift # as the README installs it: static
u="$dir/urlsift"
cpu=${BENCH_CPU:-}   # e.g. BENCH_CPU="taskset -c 1" for one core; the default is the whole machine, as a user runs it
grepo="env LC_ALL=C grep -oE"

# run NAME COMMAND REFERENCE: best of five of each, in one hyperfine run,
# and the speed of COMMAND as a ratio of REFERENCE's (its time divided
# by COMMAND's).
run() {
	local name=$1
	shift
	echo "## $name"
	hyperfine -N -i --warmup 1 --runs 5 --output=pipe --export-json "$dir/$name.json" "$@" >/dev/null
	python3 - "$dir/$name.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
base = min(r[0]["times"])
for x in r:
    best = min(x["times"])
    print(f"  {best*1000:9.1f} ms  {x['command']}")
print(f"  speed ratio (reference's time / the command's): {min(r[-1]['times'])/base:.2f}")
PY
}

gen() { # gen FILE PYTHON: makes FILE with the Python code unless it is there
	[ -s "$1" ] || python3 -c "$2" "$1"
}

for row in ${@:-quoted json rfcs4 prose mbox hosts utf16 tree memory}; do
	case $row in
	quoted) # a reply quoting a cut-off line: the wrapper never closes
		gen "$dir/quoted-open.txt" "import sys; open(sys.argv[1],'w').write('> <URL:http://a.example/x\n'*((16<<20)//26))"
		run quoted "$cpu $u $dir/quoted-open.txt" "$cpu $grepo '<[^<>]*>' $dir/quoted-open.txt"
		;;
	json) # dense wrappers, every one a record
		gen "$dir/dense.txt" "import sys; open(sys.argv[1],'w').write('<URL:http://a.example/x> see <http://b.example/y> and\n'*310689)"
		run json "$cpu $u --json $dir/dense.txt" "$cpu $grepo '<[^<>]*>' $dir/dense.txt"
		;;
	rfcs4) # the RFC set four times over
		[ -s "$dir/rfcs4.txt" ] || for i in 1 2 3 4; do cat "$rfc"/*.txt; done >"$dir/rfcs4.txt"
		run rfcs4 "$cpu $u $dir/rfcs4.txt" "$cpu grep -c '<' $dir/rfcs4.txt"
		;;
	prose) # the flags that find the most URLs in prose, against --unwrapped
		[ -s "$dir/rfcs.txt" ] || cat "$rfc"/*.txt >"$dir/rfcs.txt"
		run prose "$cpu $u --unwrapped --schemeless --grammar iri $dir/rfcs.txt" "$cpu $u --unwrapped $dir/rfcs.txt"
		;;
	mbox) # the same on a real list archive
		if [ -z "${URLSIFT_MBOX:-}" ]; then
			echo "## mbox: set URLSIFT_MBOX to a real mbox of a few megabytes"
			continue
		fi
		run mbox "$cpu $u --unwrapped --schemeless --grammar iri $URLSIFT_MBOX" "$cpu $u --unwrapped $URLSIFT_MBOX"
		;;
	hosts) # dense bare host names
		gen "$dir/hosts.txt" "import sys; open(sys.argv[1],'w').write('see www.a.example and b.example.org now\n'*((16<<20)//40))"
		run hosts "$cpu $u --schemeless $dir/hosts.txt" "$cpu $grepo '[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+' $dir/hosts.txt"
		;;
	utf16) # the RFC set in UTF-16 with a BOM, against the same characters in UTF-8
		[ -s "$dir/rfcs.txt" ] || cat "$rfc"/*.txt >"$dir/rfcs.txt"
		gen "$dir/rfcs16.txt" "import sys; open(sys.argv[1],'wb').write(open('$dir/rfcs.txt','rb').read().decode('latin-1').encode('utf-16'))"
		run utf16 "$cpu $u $dir/rfcs16.txt" "$cpu $u $dir/rfcs.txt"
		;;
	tree) # 40,000 one-message files, as a Maildir or a news spool holds them
		if [ ! -d "$dir/tree" ]; then
			python3 - "$dir/tree" <<'PY'
import os, sys
root = sys.argv[1]
for i in range(40000):
    d = os.path.join(root, f"{i // 1000:02d}")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, str(i)), "w") as f:
        f.write(f"From: User {i} <user{i}@example.org>\nMessage-ID: <m{i}@example.org>\nSubject: note {i}\n"
                f"Date: Mon, 2 Jan 1995 10:00:00 +0000\n\nSee <URL:http://www.example.org/notes/{i}>\n"
                + "and some more text on a line of its own, as a message has.\n" * 60)
PY
		fi
		run tree "$cpu $u -c $dir/tree" "$cpu grep -rc '<' $dir/tree"
		/usr/bin/time -f "  peak memory of urlsift on the tree: %M KiB" $u -c "$dir/tree" >/dev/null
		;;
	memory) # peak memory on 1 GiB
		gen "$dir/big.txt" "import sys
line = b'see <URL:http://a.example/x> and <http://b.example/\n  y> and more text\n'
with open(sys.argv[1], 'wb') as f:
    for _ in range((1 << 30) // (len(line) * 4096)):
        f.write(line * 4096)"
		/usr/bin/time -f "  peak memory of urlsift on 1 GiB: %M KiB" $u "$dir/big.txt" >/dev/null
		/usr/bin/time -f "  peak memory of urlsift --json --unwrapped --schemeless on 1 GiB: %M KiB" $u --json --unwrapped --schemeless "$dir/big.txt" >/dev/null
		;;
	*)
		echo "unknown row $row" >&2
		exit 2
		;;
	esac
done
