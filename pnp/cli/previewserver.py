"""`pnp preview`'s web server: the standard library's, on 127.0.0.1 only.

  /                  the page (pnp/assets/preview/index.html, with its .js and .css)
  /version.json      {"version": n}: the page asks every 400 ms, cheaply
  /state.json        everything the page shows (previewstate.Preview.snapshot)
  /image/DIGEST.png  one side's picture, by the digest of its drawing (never changes,
                     so the browser may keep it)
"""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from pnp import ASSETS

PAGE = ASSETS / "preview"
FILES = {"/": ("index.html", "text/html; charset=utf-8"),
         "/preview.js": ("preview.js", "text/javascript; charset=utf-8"),
         "/preview.css": ("preview.css", "text/css; charset=utf-8")}
IMAGE = re.compile(r"^/image/([0-9a-f]{40})\.png$")


def handler(preview):
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            path = self.path.split("?", 1)[0]
            if path in FILES:
                name, kind = FILES[path]
                self.send(200, kind, (PAGE / name).read_bytes())
            elif path == "/version.json":
                self.json({"version": preview.snapshot()["version"]})
            elif path == "/state.json":
                self.json(preview.snapshot())
            elif (found := IMAGE.match(path)) and (data := preview.image(found[1])):
                self.send(200, "image/png", data, "max-age=86400, immutable")
            else:
                self.send(404, "text/plain; charset=utf-8", b"not found")

        def json(self, value) -> None:
            self.send(200, "application/json", json.dumps(value).encode())

        def send(self, status: int, kind: str, body: bytes, cache: str = "no-store"):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", cache)
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):  # the terminal keeps the game's messages only
            pass

    return Handler


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):  # a page closed mid-answer
        pass


def serve(preview, port: int = 0) -> tuple:
    """Start serving `preview` on 127.0.0.1:`port` (0: a free one) in a thread;
    return (server, url)."""
    server = Server(("127.0.0.1", port), handler(preview))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
