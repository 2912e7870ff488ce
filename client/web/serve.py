#!/usr/bin/env python3
"""Serves the browser client that scripts/build-web.sh wrote, to try it without the Chaupal
server serving it: the files listed in assets.json with their content types (precompressed
when the browser accepts it), and index.html for every other path, so that the client's routes
(/join/CODE, /watch/ID, /replay/ID) load the page; a missing .js or .wasm is not found.
assets.json is read at each request, so a new build is served at once. Loopback only.

    python3 client/web/serve.py [--port 8000] [--dir target/web]

Then open http://127.0.0.1:8000/?server=ws://127.0.0.1:7878 (the page would otherwise talk to
ws://127.0.0.1:8000/ws, where this server has no websocket)."""

import argparse
import http.server
import json
import os


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    default_dir = os.path.join(
        os.environ.get("CARGO_TARGET_DIR", os.path.join(here, "..", "..", "target")), "web"
    )
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=default_dir)
    args = parser.parse_args()
    root = os.path.abspath(args.dir)

    def listing():
        with open(os.path.join(root, "assets.json")) as f:
            data = json.load(f)
        files = {entry["path"]: entry for entry in data["files"]}
        return files, files["/" + data["index"]]

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send(head_only=False)

        def do_HEAD(self):
            self.send(head_only=True)

        def send(self, head_only):
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            files, index = listing()
            if path not in files and path.endswith((".js", ".wasm", ".json", ".gz", ".br")):
                self.send_error(404)
                return
            entry = files.get(path, index)
            accepted = self.headers.get("Accept-Encoding", "")
            name, encoding = entry["file"], None
            for enc in ("br", "gzip"):
                if enc in entry["encodings"] and enc in accepted:
                    name, encoding = entry["encodings"][enc]["file"], enc
                    break
            with open(os.path.join(root, name), "rb") as f:
                body = f.read()
            self.send_response(200)
            self.send_header("Content-Type", entry["content_type"])
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", entry["cache"])
            self.send_header("Vary", "Accept-Encoding")
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.end_headers()
            if not head_only:
                self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"serving {root} on http://127.0.0.1:{args.port}/", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
