#!/usr/bin/env bash
# Builds the browser client: chaupal-client for wasm32-unknown-unknown (profile `wasm`: small),
# and writes what a web server serves into $CARGO_TARGET_DIR/web (target/web by default):
#
#   index.html                 the page (client/web/index.html with the hashed names filled in)
#   chaupal-HASH.wasm          the client (shrunk by wasm-opt when binaryen is there)
#   chaupal-HASH.js            miniquad's gl.js + sapp-jsutils' sapp_jsutils.js + quad-snd's
#                              audio.js + client/web/chaupal.js, in that order (the crates' files are
#                              found with `cargo metadata`, never copied into this repository)
#   *.gz, *.br                 each of those precompressed (gzip -9; brotli when installed)
#   assets.json                every file with its content type, size, hash and encodings
#
# HASH is the first 16 hex digits of the file's SHA-256, so the wasm and the JS can be cached
# for ever; index.html is not hashed (serve it with no-cache). Running it again with nothing
# changed rewrites nothing and takes seconds. Missing Debian tools (binaryen for wasm-opt,
# brotli) are installed with apt-get when this runs as root or with sudo, unless
# CHAUPAL_WEB_NO_INSTALL=1; without them the build still works, only larger.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
target_dir=${CARGO_TARGET_DIR:-$root/target}
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
out=$target_dir/web
triple=wasm32-unknown-unknown
profile=wasm

say() { echo "build-web: $*" >&2; }

# --- tools -------------------------------------------------------------------------------
if ! rustup target list --installed 2>/dev/null | grep -qx "$triple"; then
    say "rustup target add $triple"
    rustup target add "$triple"
fi

if [ "${CHAUPAL_WEB_NO_INSTALL:-0}" != 1 ]; then
    want=""
    command -v wasm-opt >/dev/null || want="$want binaryen"
    command -v brotli >/dev/null || want="$want brotli"
    if [ -n "$want" ]; then
        sudo=""
        [ "$(id -u)" -ne 0 ] && sudo="sudo"
        if [ -z "$sudo" ] || command -v sudo >/dev/null; then
            say "apt-get install$want"
            # shellcheck disable=SC2086 # one word a package
            { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
                $sudo apt-get install -y -qq $want >/dev/null; } \
                || say "could not install$want: going on without"
        fi
    fi
fi

# --- the wasm ----------------------------------------------------------------------------
cargo build --profile "$profile" --target "$triple" -p chaupal-client
built=$target_dir/$triple/$profile/chaupal-client.wasm
[ -f "$built" ] || { say "no $built after the build"; exit 1; }

mkdir -p "$out"
work=$out/.work
mkdir -p "$work"

hash16() { sha256sum "$1" | cut -c1-16; }

# wasm-opt takes a while: run it only when cargo's output changed.
built_hash=$(sha256sum "$built" | cut -d' ' -f1)
if [ ! -f "$work/client.wasm" ] || [ "$(cat "$work/built.sha256" 2>/dev/null)" != "$built_hash" ]; then
    if command -v wasm-opt >/dev/null; then
        say "wasm-opt -Oz"
        if ! wasm-opt -Oz --strip-debug --strip-producers \
            --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
            --enable-nontrapping-float-to-int --enable-reference-types --enable-multivalue \
            "$built" -o "$work/client.wasm.tmp"; then
            say "wasm-opt failed: the wasm goes out as cargo built it"
            cp "$built" "$work/client.wasm.tmp"
        fi
    else
        say "no wasm-opt (Debian's binaryen): the wasm goes out as cargo built it"
        cp "$built" "$work/client.wasm.tmp"
    fi
    mv "$work/client.wasm.tmp" "$work/client.wasm"
    echo "$built_hash" >"$work/built.sha256"
fi

# --- the JS bundle -----------------------------------------------------------------------
# The crates' JS files, from the versions Cargo.lock pins.
read -r gl_js jsutils_js audio_js < <(
    cargo metadata --format-version 1 --locked --filter-platform "$triple" 2>/dev/null |
        python3 -c '
import json, os, sys
meta = json.load(sys.stdin)
used = {n["id"] for n in meta["resolve"]["nodes"]}
dirs = {}
for p in meta["packages"]:
    if p["id"] in used and p["name"] in ("miniquad", "sapp-jsutils", "quad-snd"):
        dirs[p["name"]] = os.path.dirname(p["manifest_path"])
print(os.path.join(dirs["miniquad"], "js", "gl.js"),
      os.path.join(dirs["sapp-jsutils"], "js", "sapp_jsutils.js"),
      os.path.join(dirs["quad-snd"], "js", "audio.js"))
'
)
for f in "$gl_js" "$jsutils_js" "$audio_js" client/web/chaupal.js; do
    [ -f "$f" ] || { say "missing $f"; exit 1; }
done
{
    for f in "$gl_js" "$jsutils_js" "$audio_js" client/web/chaupal.js; do
        printf '// ---- %s\n' "$(basename "$f")"
        if [ "$f" = "$audio_js" ]; then
            # quad-snd's audio.js declares a global `register_plugin`, as sapp_jsutils.js does:
            # in one script the later declaration would replace the earlier for both plugins.
            # Its own scope keeps it apart (it exports nothing the others use). Around it,
            # client/web/audio-rest-*.js let its audio contexts rest while nothing plays.
            printf '(function () {\n'
            cat client/web/audio-rest-before.js
            cat "$f"
            cat client/web/audio-rest-after.js
            printf '\n})();\n'
        else
            cat "$f"
            printf '\n'
        fi
    done
} >"$work/bundle.js"

# --- hashed names, the page --------------------------------------------------------------
wasm_name=chaupal-$(hash16 "$work/client.wasm").wasm
js_name=chaupal-$(hash16 "$work/bundle.js").js
sed -e "s/{{WASM}}/$wasm_name/g" -e "s/{{JS}}/$js_name/g" client/web/index.html >"$work/index.html"

# Copies $1 to $out/$2 only when the content differs, so an unchanged build touches nothing.
place() {
    if ! cmp -s "$1" "$out/$2"; then
        cp "$1" "$out/$2.tmp"
        mv "$out/$2.tmp" "$out/$2"
        say "wrote $2"
    fi
}
place "$work/client.wasm" "$wasm_name"
place "$work/bundle.js" "$js_name"
place "$work/index.html" index.html

# Old builds' hashed files go.
for f in "$out"/chaupal-*; do
    [ -e "$f" ] || continue
    case $(basename "$f") in
    "$wasm_name" | "$wasm_name".* | "$js_name" | "$js_name".*) ;;
    *) rm -f "$f" ;;
    esac
done

# --- precompressed copies ----------------------------------------------------------------
for name in index.html "$js_name" "$wasm_name"; do
    f=$out/$name
    if [ ! -f "$f.gz" ] || [ "$f.gz" -ot "$f" ]; then
        gzip -9 -n -c "$f" >"$f.gz.tmp" && mv "$f.gz.tmp" "$f.gz"
    fi
    if command -v brotli >/dev/null; then
        if [ ! -f "$f.br" ] || [ "$f.br" -ot "$f" ]; then
            brotli -q 11 -c "$f" >"$f.br.tmp" && mv "$f.br.tmp" "$f.br"
        fi
    else
        rm -f "$f.br"
    fi
done

# --- the list for the server -------------------------------------------------------------
python3 - "$out" index.html "$js_name" "$wasm_name" <<'PY'
import hashlib, json, os, sys

out, names = sys.argv[1], sys.argv[2:]
types = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
}
files = []
for name in names:
    path = os.path.join(out, name)
    with open(path, "rb") as f:
        data = f.read()
    encodings = {}
    for enc, ext in (("br", ".br"), ("gzip", ".gz")):
        if os.path.exists(path + ext):
            encodings[enc] = {"file": name + ext, "bytes": os.path.getsize(path + ext)}
    files.append({
        "path": "/" + name,
        "file": name,
        "content_type": types[os.path.splitext(name)[1]],
        "bytes": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
        # Hashed names never change content: cache them for good. The page is checked each time.
        "cache": "no-cache" if name == "index.html" else "public, max-age=31536000, immutable",
        "encodings": encodings,
    })
listing = {
    "about": "The browser client, written by scripts/build-web.sh. Serve index.html for / and "
             "for the client's routes (/join/CODE, /watch/ID, /replay/ID, /link/CODE); each file "
             "may be sent "
             "as one of its encodings when the request accepts it (Content-Encoding), with Vary: "
             "Accept-Encoding.",
    "index": "index.html",
    "routes": ["/", "/join/{code}", "/watch/{game}", "/replay/{game}", "/link/{code}"],
    "files": files,
}
text = json.dumps(listing, indent=2) + "\n"
target = os.path.join(out, "assets.json")
old = open(target).read() if os.path.exists(target) else None
if old != text:
    with open(target + ".tmp", "w") as f:
        f.write(text)
    os.replace(target + ".tmp", target)
for f in files:
    sizes = ", ".join(f"{e} {v['bytes']}" for e, v in f["encodings"].items())
    print(f"build-web: {f['file']}: {f['bytes']} bytes ({sizes})", file=sys.stderr)
PY
say "done: $out"
