"""A small real API that is not ours, for recording tests: JSON, a binary body, a redirect, a
500, a slow endpoint, a JSON POST, a cookie, a counter that answers differently each time, and
a switch that moves the API (for drift checks: a field renamed, a header's value and an error's
status changed). Prints its URL on the first line, then serves
on 127.0.0.1 until killed. Standard library only."""
import http.server
import json
import sys
import threading
import time

STATE = {"count": 0, "renamed": False}
LOCK = threading.Lock()
# Bytes 0..255 twice: not UTF-8, not text.
PNGISH = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 2


class API(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", content_type=None, headers=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def json(self, status, value, headers=()):
        self.send(status, json.dumps(value, ensure_ascii=False).encode(), "application/json", headers)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def do_GET(self):
        path = self.path
        if path.startswith("/items"):
            with LOCK:
                renamed = STATE["renamed"]
            item = {"id": "a1", "title": "記事", "price": 120, "tags": ["new", "sale"]}
            if renamed:
                item["name"] = item.pop("title")
            self.json(200, {"items": [item], "page": 1}, [("X-Request-Id", "r-43" if renamed else "r-42")])
        elif path == "/image.png":
            self.send(200, PNGISH, "image/png")
        elif path == "/old":
            self.send(302, b"", None, [("Location", "/items")])
        elif path == "/boom":
            with LOCK:
                renamed = STATE["renamed"]
            self.json(503 if renamed else 500, {"error": "internal"})
        elif path.startswith("/slow"):
            milliseconds = int(path.split("ms=")[1]) if "ms=" in path else 1500
            time.sleep(milliseconds / 1000)
            self.json(200, {"slow": True})
        elif path == "/me":
            self.json(200, {"user": "u1", "auth": self.headers.get("Authorization") is not None},
                      [("Set-Cookie", "session=secret-cookie; HttpOnly")])
        elif path == "/counter":
            with LOCK:
                STATE["count"] += 1
                count = STATE["count"]
            self.json(200, {"count": count})
        elif path == "/big":
            self.send(200, ("x" * 20000).encode(), "text/plain; charset=utf-8")
        else:
            self.json(404, {"error": "no such path " + path})

    def do_POST(self):
        if self.path == "/orders":
            order = json.loads(self.body() or b"{}")
            self.json(201, {"id": "o-1", "items": order.get("items", [])})
        elif self.path == "/__control/rename":
            with LOCK:
                STATE["renamed"] = True
            self.json(200, {"renamed": True})
        else:
            self.json(404, {"error": "no such path " + self.path})


server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 0), API)
print("http://127.0.0.1:%d" % server.server_address[1], flush=True)
server.serve_forever()
