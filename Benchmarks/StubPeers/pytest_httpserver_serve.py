"""pytest-httpserver serving the benchmark's stub: prints its URL, serves until killed."""
import signal
import sys

from pytest_httpserver import HTTPServer

server = HTTPServer(host="127.0.0.1", port=0)
server.expect_request("/api/v2/items/a1", method="GET").respond_with_json({"id": "a1", "likes": 3, "title": "Swift"})
server.start()
print(server.url_for("").rstrip("/"), flush=True)
signal.sigwait([signal.SIGTERM, signal.SIGINT])
server.stop()
