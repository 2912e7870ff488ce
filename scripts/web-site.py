#!/usr/bin/env python3
"""Writes the browser client's site, what a web server serves, from a built wasm and JS bundle:
the second half of scripts/build-web.sh, on its own so that a test can write a site from other
inputs (tests/tests/browser.rs makes a "new version" this way).

    python3 scripts/web-site.py --out DIR --wasm CLIENT.wasm --js BUNDLE.js [--web client/web]

Into DIR:

    chaupal-HASH.wasm, chaupal-HASH.js   the two inputs
    icon-...-HASH.png                    each PNG of WEB/icons/ (apple-touch-icon, icon-192, ...)
    notosans...-HASH.ttf/.otf            each font of FONTS/ the client fetches when text in its
                                         script appears (not DejaVu: the wasm carries it); the
                                         page names them (`{{FONTS}}`: a JSON object from each
                                         font's file name to its path)
    index.html                           WEB/index.html with the hashed names filled in
    manifest.webmanifest                 WEB/manifest.webmanifest, the same
    offline.html                         WEB/offline.html as it is
    sw.js                                WEB/sw.js with the build's id and its files filled in
    *.gz, *.br                           the text files and the wasm precompressed (gzip -9;
                                         brotli -q 11 when Debian's brotli is there)
    assets.json                          every file: path, content type, size, SHA-256, cache
                                         policy, encodings; and the build's id

HASH is the first 16 hex digits of the file's SHA-256: such a file never changes (cache it for
good); the others are served `no-cache`. The placeholders are `{{WASM}}`, `{{JS}}` and, for each
icon, its name without `.png` in capitals with `_` for `-` (`{{ICON_192}}`,
`{{APPLE_TOUCH_ICON}}`); a placeholder left unfilled stops the build. The build's id is a hash of
every file the service worker keeps (all but sw.js itself), so any change makes a new worker.
Hashed files of older builds are deleted; a file whose content is unchanged is not rewritten.
"""

import argparse
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
}
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# A name carrying its content's hash (as the server's site.rs and sw.js tell them too).
HASHED = re.compile(r"^[a-z0-9-]+-[0-9a-f]{16}\.[a-z0-9]+$")
PLACEHOLDER = re.compile(r"\{\{[A-Z0-9_]+\}\}")
# Worth precompressing: not the PNGs (compressed already).
COMPRESS = (".html", ".js", ".wasm", ".webmanifest", ".ttf", ".otf")


def say(text):
    print(f"build-web: {text}", file=sys.stderr)


def hash16(data):
    return hashlib.sha256(data).hexdigest()[:16]


def fill(text, values, what):
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    left = PLACEHOLDER.findall(text)
    if left:
        sys.exit(f"build-web: {what}: no value for {', '.join(sorted(set(left)))}")
    return text


def place(out, name, data):
    """Writes `data` to out/name unless it is there already."""
    path = os.path.join(out, name)
    if os.path.exists(path):
        with open(path, "rb") as f:
            if f.read() == data:
                return
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)
    say(f"wrote {name}")


def compress(out, name, use_brotli):
    """Makes out/name.gz (and .br) when missing or older than the file."""
    path = os.path.join(out, name)

    def stale(copy):
        return not os.path.exists(copy) or os.path.getmtime(copy) < os.path.getmtime(path)

    if stale(path + ".gz"):
        with open(path + ".gz.tmp", "wb") as f:
            subprocess.run(["gzip", "-9", "-n", "-c", path], stdout=f, check=True)
        os.replace(path + ".gz.tmp", path + ".gz")
    if use_brotli:
        if stale(path + ".br"):
            with open(path + ".br.tmp", "wb") as f:
                subprocess.run(["brotli", "-q", "11", "-c", path], stdout=f, check=True)
            os.replace(path + ".br.tmp", path + ".br")
    elif os.path.exists(path + ".br"):
        os.remove(path + ".br")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="the site's directory")
    parser.add_argument("--wasm", required=True, help="the client, as built (and shrunk)")
    parser.add_argument("--js", required=True, help="the JS bundle")
    parser.add_argument("--web", default=os.path.join(here, "..", "client", "web"),
                        help="the page, manifest, offline page, worker and icons")
    parser.add_argument("--fonts", default=os.path.join(here, "..", "client", "assets", "fonts"),
                        help="the client's fonts (those fetched on demand are served)")
    args = parser.parse_args()
    out, web = args.out, args.web
    os.makedirs(out, exist_ok=True)

    def read(path):
        with open(path, "rb") as f:
            return f.read()

    # The hashed files and the placeholders naming them.
    hashed = {}  # name -> content
    values = {}
    for key, path, stem, ext in (("WASM", args.wasm, "chaupal", ".wasm"),
                                 ("JS", args.js, "chaupal", ".js")):
        data = read(path)
        name = f"{stem}-{hash16(data)}{ext}"
        hashed[name] = data
        values[key] = name
    icons = sorted(glob.glob(os.path.join(web, "icons", "*.png")))
    if not icons:
        sys.exit(f"build-web: no icons in {os.path.join(web, 'icons')}")
    for path in icons:
        stem = os.path.basename(path)[: -len(".png")]
        data = read(path)
        name = f"{stem}-{hash16(data)}.png"
        hashed[name] = data
        values[stem.upper().replace("-", "_")] = name

    # The fonts fetched when text in their script appears (the wasm carries DejaVu).
    fonts = {}  # name -> content
    font_paths = {}
    for path in sorted(glob.glob(os.path.join(args.fonts, "Noto*"))):
        base = os.path.basename(path)
        stem, ext = os.path.splitext(base)
        data = read(path)
        name = f"{stem.lower()}-{hash16(data)}{ext.lower()}"
        fonts[name] = data
        font_paths[base] = "/" + name
    if not fonts:
        sys.exit(f"build-web: no fonts in {args.fonts}")
    hashed.update(fonts)
    values["FONTS"] = json.dumps(font_paths, separators=(",", ":"), sort_keys=True)

    page = fill(read(os.path.join(web, "index.html")).decode(), values, "index.html")
    manifest = fill(read(os.path.join(web, "manifest.webmanifest")).decode(), values,
                    "manifest.webmanifest")
    try:
        json.loads(manifest)
    except ValueError as e:
        sys.exit(f"build-web: manifest.webmanifest is not JSON: {e}")
    plain = {
        "index.html": page.encode(),
        "manifest.webmanifest": manifest.encode(),
        "offline.html": read(os.path.join(web, "offline.html")),
    }

    # The service worker: this build's id (of everything, fonts too) and the files it keeps
    # beside the page from the start (not the fonts: each is kept once text needs it).
    kept = {**plain, **hashed}
    build = hash16("".join(f"{n} {hashlib.sha256(d).hexdigest()}\n"
                           for n, d in sorted(kept.items())).encode())
    worker_files = sorted("/" + n for n in kept if n != "index.html" and n not in fonts)
    worker = fill(read(os.path.join(web, "sw.js")).decode(),
                  {"BUILD": build, "FILES": " ".join(worker_files)}, "sw.js")
    plain["sw.js"] = worker.encode()

    site = {**plain, **hashed}
    for name, data in site.items():
        place(out, name, data)

    # Older builds' hashed files go, with their compressed copies.
    for name in os.listdir(out):
        base = re.sub(r"\.(gz|br)$", "", name)
        if HASHED.match(base) and base not in hashed:
            os.remove(os.path.join(out, name))

    use_brotli = shutil.which("brotli") is not None
    for name in site:
        if name.endswith(COMPRESS):
            compress(out, name, use_brotli)
        else:
            for ext in (".gz", ".br"):
                if os.path.exists(os.path.join(out, name + ext)):
                    os.remove(os.path.join(out, name + ext))

    # The list for servers.
    order = ["index.html", values["JS"], values["WASM"]]
    order += sorted(n for n in site if n not in order)
    files = []
    for name in order:
        data = site[name]
        path = os.path.join(out, name)
        encodings = {}
        for enc, ext in (("br", ".br"), ("gzip", ".gz")):
            if os.path.exists(path + ext):
                encodings[enc] = {"file": name + ext, "bytes": os.path.getsize(path + ext)}
        files.append({
            "path": "/" + name,
            "file": name,
            "content_type": TYPES[os.path.splitext(name)[1]],
            "bytes": len(data),
            "sha256": hashlib.sha256(data).hexdigest(),
            # Hashed names never change content: cache them for good. The rest is checked
            # each time (the page, the worker, the manifest, the offline page).
            "cache": IMMUTABLE if name in hashed else REVALIDATE,
            "encodings": encodings,
        })
    listing = {
        "about": "The browser client, written by scripts/build-web.sh (scripts/web-site.py). "
                 "Serve index.html for / and for the client's routes (/join/CODE, /watch/ID, "
                 "/replay/ID, /link/CODE, /game/ID, /puzzle/ID, /tournament/ID), and each file "
                 "at its path with "
                 "its content type and cache policy; a file may be sent as one of its encodings "
                 "when the request accepts it (Content-Encoding), with Vary: Accept-Encoding. "
                 "sw.js is the service worker: serve it at /sw.js.",
        "index": "index.html",
        "build": build,
        "service_worker": "sw.js",
        "routes": ["/", "/join/{code}", "/watch/{game}", "/replay/{game}", "/link/{code}",
                   "/game/{game}", "/puzzle/{puzzle}", "/tournament/{tournament}"],
        "files": files,
    }
    place(out, "assets.json", (json.dumps(listing, indent=2) + "\n").encode())
    for f in files:
        sizes = ", ".join(f"{e} {v['bytes']}" for e, v in f["encodings"].items())
        say(f"{f['file']}: {f['bytes']} bytes" + (f" ({sizes})" if sizes else ""))
    say(f"build {build}")


if __name__ == "__main__":
    main()
