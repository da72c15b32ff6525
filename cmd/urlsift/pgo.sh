#!/usr/bin/env bash
# pgo.sh makes default.pgo, the CPU profile with which "go build" and
# "go install" optimize the command (profile-guided optimization: hot calls
# inlined, hot loops aligned). The profile is the command's own
# (--cpuprofile), built without a profile, on the workloads of the README's
# performance figures, about a second each: the RFC set (../shared/rfc
# beside the project, or $URLSIFT_RFC_DIR), the dense lines plain and with
# --json, the quoted lines (closed, and never closed), dense host names
# with --schemeless, the RFC set with the flags that find the most URLs in
# prose, the mbox of small messages, text in UTF-16, and the inputs made
# to slow the scanner down. Run it again when the hot code
# changes much; see the README, "Performance".
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -pgo=off -trimpath -o "$tmp/urlsift" .
python3 - "$tmp" <<'PY'
import base64, quopri, sys
d = sys.argv[1]
open(f"{d}/dense.txt", "w").write("<URL:http://a.example/x> see <http://b.example/y> and\n" * 310689)
open(f"{d}/quoted.txt", "w").write("> <URL:http://a.example/x>\n" * 621378)
open(f"{d}/quoted-open.txt", "w").write("> <URL:http://a.example/x\n" * 645277)
open(f"{d}/hosts.txt", "w").write("see www.a.example and b.example.org now\n" * 419430)
out = []
for i in range(160000):
    out.append(f"From user{i}@example.org Mon Jan  2 10:00:00 1995\nFrom: User {i} <user{i}@example.org>\n"
               f"Message-ID: <m{i}@example.org>\nSubject: note {i}\nMIME-Version: 1.0\n")
    body = f"Caf\xe9: see <URL:http://www.example.org/notes/{i}>.\n"
    if i % 2 == 0:
        out.append("Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n"
                   + quopri.encodestring(body.encode("latin-1")).decode() + "\n")
    else:
        out.append("Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n"
                   + base64.encodebytes(body.encode()).decode() + "\n")
open(f"{d}/small.mbox", "w").write("".join(out))
text = "Caf\xe9 \u6587\u5b57 <URL:http://a.example/x> and <http://b.example/\u00e9> \uFFC3\uC3FE\n" * 200000
open(f"{d}/utf16.txt", "wb").write(b"\xff\xfe" + text.encode("utf-16le"))
n = 64 << 20
for name, block in [("url-no-gt", b"<URL:"), ("quoted-lt", b"> <a\n"), ("quoted-rfc", b"> RFC 1 <\n"),
                    ("invalid-utf8", b"<http://a.example/\xff>\x80\x80\xff\xfe\xc0"),
                    ("invalid-utf8-text", b"\xfe\xc3\xff"), ("utf16-text", b"\xff\xfe\xc3")]:
    open(f"{d}/{name}", "wb").write((block * (n // len(block) + 1))[:n])
PY
rfc=${URLSIFT_RFC_DIR:-../../../shared/rfc}
if ls "$rfc"/*.txt > /dev/null 2>&1; then
	cat "$rfc"/*.txt > "$tmp/rfcs.txt"
else
	echo "pgo.sh: no RFC set in $rfc (set URLSIFT_RFC_DIR): its workload is left out" >&2
fi

# profile NAME ARGS... runs the command with its profile in NAME.pprof;
# exit 1 (nothing found) is no error.
profile() {
	local name=$1
	shift
	"$tmp/urlsift" --cpuprofile "$tmp/$name.pprof" "$@" > /dev/null || [ $? -eq 1 ]
}
times() { for _ in $(seq "$1"); do echo "$2"; done; }

if [ -f "$tmp/rfcs.txt" ]; then
	profile rfcs $(times 30 "$tmp/rfcs.txt")
fi
profile dense $(times 8 "$tmp/dense.txt")
profile json --json $(times 5 "$tmp/dense.txt")
profile quoted $(times 8 "$tmp/quoted.txt")
profile quoted-open $(times 6 "$tmp/quoted-open.txt")
profile hosts --schemeless $(times 3 "$tmp/hosts.txt")
if [ -f "$tmp/rfcs.txt" ]; then
	profile prose --unwrapped --schemeless --grammar iri $(times 8 "$tmp/rfcs.txt")
fi
profile mbox $(times 3 "$tmp/small.mbox")
profile utf16 $(times 5 "$tmp/utf16.txt")
profile adversarial "$tmp/url-no-gt" "$tmp/quoted-lt" "$tmp/quoted-rfc" "$tmp/invalid-utf8" \
	"$tmp/invalid-utf8-text" "$tmp/utf16-text"
go tool pprof -proto "$tmp"/*.pprof > "$tmp/merged.pgo"

# The profile names the binary it sampled by its path, here a temporary
# one: it is renamed "urlsift" in the profile's string table (field 6 of
# the gzipped protocol buffer), so that default.pgo names no path.
python3 - "$tmp/merged.pgo" "$tmp/urlsift" default.pgo <<'PY'
import gzip, sys
src, path, dst = sys.argv[1], sys.argv[2].encode(), sys.argv[3]
data = gzip.decompress(open(src, "rb").read())

def varint(b, i):
    n = shift = 0
    while True:
        c = b[i]
        i += 1
        n |= (c & 0x7F) << shift
        shift += 7
        if c < 0x80:
            return n, i

def put_varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)

out, i, renamed = bytearray(), 0, 0
while i < len(data):
    start = i
    key, i = varint(data, i)
    kind = key & 7
    if kind == 0:
        _, i = varint(data, i)
    elif kind == 1:
        i += 8
    elif kind == 5:
        i += 4
    elif kind == 2:
        n, i = varint(data, i)
        value, i = data[i:i + n], i + n
        if key >> 3 == 6 and value == path:
            out += put_varint(key) + put_varint(len(b"urlsift")) + b"urlsift"
            renamed += 1
            continue
    else:
        sys.exit(f"pgo.sh: wire type {kind} in the profile")
    out += data[start:i]
if renamed != 1:
    sys.exit(f"pgo.sh: the binary's path is in the profile {renamed} times, not once")
open(dst, "wb").write(gzip.compress(bytes(out), mtime=0))
PY
go tool pprof -raw default.pgo > /dev/null
