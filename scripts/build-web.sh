#!/usr/bin/env bash
# Builds the browser client: chaupal-client for wasm32-unknown-unknown (profile `wasm`: small),
# and writes what a web server serves into $CARGO_TARGET_DIR/web (target/web by default):
#
#   index.html                 the page (client/web/index.html with the hashed names filled in)
#   chaupal-HASH.wasm          the client (shrunk by wasm-opt when binaryen is there)
#   chaupal-HASH.js            miniquad's gl.js + sapp-jsutils' sapp_jsutils.js + quad-snd's
#                              audio.js + client/web/chaupal.js + client/web/pwa.js (registers
#                              the service worker), in that order (the crates' files are found
#                              with `cargo metadata`, never copied into this repository)
#   icon-...-HASH.png          the app icons (client/web/icons/, drawn by scripts/make-icons.py)
#   manifest.webmanifest       the web app manifest (client/web/manifest.webmanifest, filled in)
#   sw.js                      the service worker (client/web/sw.js with the build filled in)
#   offline.html               the page it shows offline when it has no copy of the client
#   *.gz, *.br                 the text files and the wasm precompressed (gzip -9; brotli when
#                              installed)
#   assets.json                every file with its content type, size, hash, cache policy and
#                              encodings, and the build's id
#
# HASH is the first 16 hex digits of the file's SHA-256, so those files can be cached for ever;
# the others are not hashed (serve them with no-cache). Everything after the JS bundle is
# scripts/web-site.py. Running it again with nothing changed rewrites nothing and takes
# seconds. Missing Debian tools (binaryen for wasm-opt, brotli) are installed with apt-get when
# this runs as root or with sudo, unless CHAUPAL_WEB_NO_INSTALL=1; without them the build still
# works, only larger.
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
for f in "$gl_js" "$jsutils_js" "$audio_js" client/web/chaupal.js client/web/pwa.js; do
    [ -f "$f" ] || { say "missing $f"; exit 1; }
done
{
    for f in "$gl_js" "$jsutils_js" "$audio_js" client/web/chaupal.js client/web/pwa.js; do
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

# --- the site ----------------------------------------------------------------------------
# Hashed names, the page, the manifest, the icons, the service worker, precompressed copies
# and assets.json: scripts/web-site.py.
python3 scripts/web-site.py --out "$out" --wasm "$work/client.wasm" --js "$work/bundle.js"
say "done: $out"
