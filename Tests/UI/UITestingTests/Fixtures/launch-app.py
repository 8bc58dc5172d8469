"""A stand-in for an app that runs as its own process (WebAppExecutable's contract): it serves
one page on 127.0.0.1, prints its URL as the first line, and shows on the page the arguments
and environment it was started with, and its process id. `--crash` exits at once with status 3;
`--silent` prints nothing and waits; `--on-term FILE` writes "terminated" to FILE on SIGTERM, then exits."""
import html
import http.server
import json
import os
import sys
import time

if "--on-term" in sys.argv:
    import signal

    marker = sys.argv[sys.argv.index("--on-term") + 1]

    def ended(*_):
        with open(marker, "w") as file:
            file.write("terminated")
        sys.exit(0)

    signal.signal(signal.SIGTERM, ended)
if "--crash" in sys.argv:
    print("cannot start: --crash was given", flush=True)
    sys.exit(3)
if "--silent" in sys.argv:
    time.sleep(3600)

page = """<!doctype html><html><head><meta charset="utf-8"><title>launched</title></head><body>
<p data-testid="arguments">{arguments}</p><p data-testid="user">{user}</p><p data-testid="pid">{pid}</p>
</body></html>""".format(
    arguments=html.escape(json.dumps(sys.argv[1:])),
    user=html.escape(os.environ.get("TEST_USER_EMAIL", "")),
    pid=os.getpid(),
).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(f"http://127.0.0.1:{server.server_port}/", flush=True)
server.serve_forever()
