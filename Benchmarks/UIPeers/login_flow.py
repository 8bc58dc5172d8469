"""The guides' login flow and the cost of isolating one test, driven by a peer on the system
Chromium: the same page, the same steps as Benchmarks/Sources/UIBench.

    python login_flow.py playwright|playwright-traced|selenium|cdp URL [ITERATIONS]

Prints one JSON line: median and p90 milliseconds.
- Playwright: each test gets a new browser context and page (its isolation), one browser.
  playwright-traced: the same with tracing on (screenshots, DOM snapshots and sources, as
  `trace: 'on'` records them), the trace saved to its zip before the flow counts as done.
- Selenium: one session; isolation is what a Selenium suite can do without a new session
  (delete the cookies, clear local and session storage), and a new session is timed too.
- cdp: no driver at all, a floor for any: the bare DevTools protocol on one tab of one Chromium,
  each action the fewest commands that do it (navigate and wait for the load event; focus and
  insert each text; read the button's centre and press and release the mouse there; one script
  that resolves when the home screen shows, checked at each change of the document). No isolation.
Waits poll every 50 ms, as UITesting's do, instead of Selenium's default 500 ms.
"""
import json
import shutil
import statistics
import sys
import time

EMAIL = '[data-testid="email_field"]'
PASSWORD = '[data-testid="password_field"]'
LOGIN = '[data-testid="login_button"]'
HOME = 'header[aria-label="ホーム"]'
WARMUP = 3


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round((len(ordered) - 1) * p))]


def chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not path:
        sys.exit("login_flow.py: no chromium on PATH (apt-get install chromium)")
    return path


def run_playwright(url, iterations, traced=False):
    import os
    import tempfile
    from playwright.sync_api import sync_playwright

    traces = tempfile.mkdtemp(prefix="login-flow-traces-")

    flows, isolations = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), headless=True, args=["--no-sandbox", "--disable-gpu"])
        for index in range(iterations + WARMUP):
            start = time.perf_counter()
            context = browser.new_context(viewport={"width": 393, "height": 852}, locale="en-US")
            page = context.new_page()
            opened = time.perf_counter()
            if traced:
                context.tracing.start(screenshots=True, snapshots=True, sources=True)
            page.goto(url)
            page.locator(EMAIL).fill("test@example.com")
            page.locator(PASSWORD).fill("password123")
            page.locator(LOGIN).click()
            page.locator(HOME).wait_for(state="visible", timeout=5000)
            if traced:
                context.tracing.stop(path=os.path.join(traces, "trace-%d.zip" % index))
            done = time.perf_counter()
            context.close()
            closed = time.perf_counter()
            if index >= WARMUP:
                flows.append((done - opened) * 1000)
                isolations.append(((opened - start) + (closed - done)) * 1000)
        browser.close()
        sessions = []
        for _ in range(5):
            start = time.perf_counter()
            b = p.chromium.launch(executable_path=chromium(), headless=True, args=["--no-sandbox", "--disable-gpu"])
            b.new_context().new_page()
            b.close()
            sessions.append((time.perf_counter() - start) * 1000)
    shutil.rmtree(traces, ignore_errors=True)
    return flows, isolations, sessions


def run_selenium(url, iterations):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    def new_driver():
        options = webdriver.ChromeOptions()
        options.binary_location = chromium()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=393,852"):
            options.add_argument(flag)
        return webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)

    flows, isolations = [], []
    driver = new_driver()
    for index in range(iterations + WARMUP):
        start = time.perf_counter()
        driver.get(url)
        driver.find_element(By.CSS_SELECTOR, EMAIL).send_keys("test@example.com")
        driver.find_element(By.CSS_SELECTOR, PASSWORD).send_keys("password123")
        driver.find_element(By.CSS_SELECTOR, LOGIN).click()
        WebDriverWait(driver, 5, poll_frequency=0.05).until(
            expected_conditions.visibility_of_element_located((By.CSS_SELECTOR, HOME)))
        done = time.perf_counter()
        driver.delete_all_cookies()
        driver.execute_script("localStorage.clear(); sessionStorage.clear();")
        cleared = time.perf_counter()
        if index >= WARMUP:
            flows.append((done - start) * 1000)
            isolations.append((cleared - done) * 1000)
    driver.quit()
    sessions = []
    for _ in range(5):
        start = time.perf_counter()
        new_driver().quit()
        sessions.append((time.perf_counter() - start) * 1000)
    return flows, isolations, sessions


def run_cdp(url, iterations):
    import re
    import subprocess
    import tempfile
    import urllib.request
    import websocket

    profile = tempfile.mkdtemp(prefix="login-flow-cdp-")
    browser = subprocess.Popen(
        [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
         "--user-data-dir=" + profile, "about:blank"], stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for line in browser.stderr:
            found = re.search(r"ws://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
                break
        if port is None:
            sys.exit("login_flow.py: Chromium did not say where DevTools listens")
        targets = json.load(urllib.request.urlopen("http://127.0.0.1:%d/json" % port))
        tab = next(t for t in targets if t["type"] == "page")
        socket = websocket.create_connection(tab["webSocketDebuggerUrl"], suppress_origin=True)
        counter = [0]

        def send(method, params=None, event=None):
            counter[0] += 1
            socket.send(json.dumps({"id": counter[0], "method": method, "params": params or {}}))
            answer, seen = None, event is None
            while answer is None or not seen:
                message = json.loads(socket.recv())
                if message.get("id") == counter[0]:
                    answer = message
                elif event and message.get("method") == event:
                    seen = True
            if "error" in answer:
                sys.exit("login_flow.py: %s failed: %s" % (method, answer["error"]))
            return answer["result"]

        def evaluate(expression):
            return send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})["result"].get("value")

        send("Page.enable")
        send("Emulation.setDeviceMetricsOverride", {"width": 393, "height": 852, "deviceScaleFactor": 3, "mobile": True})
        flows = []
        for index in range(iterations + WARMUP):
            start = time.perf_counter()
            send("Page.navigate", {"url": url}, event="Page.loadEventFired")
            for selector, text in ((EMAIL, "test@example.com"), (PASSWORD, "password123")):
                evaluate("document.querySelector('%s').focus()" % selector)
                send("Input.insertText", {"text": text})
            x, y = evaluate("(() => { const r = document.querySelector('%s').getBoundingClientRect(); "
                            "return [r.x + r.width / 2, r.y + r.height / 2]; })()" % LOGIN)
            for kind in ("mousePressed", "mouseReleased"):
                send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})
            shown = evaluate("new Promise((resolve) => { const look = () => { const e = document.querySelector('%s'); "
                             "return e !== null && e.checkVisibility(); }; if (look()) { resolve(true); return; } "
                             "const watch = new MutationObserver(() => { if (look()) { watch.disconnect(); resolve(true); } }); "
                             "watch.observe(document, { subtree: true, childList: true, attributes: true }); "
                             "setTimeout(() => { watch.disconnect(); resolve(look()); }, 5000); })" % HOME)
            if not shown:
                sys.exit("login_flow.py: the home screen did not show within 5 s")
            if index >= WARMUP:
                flows.append((time.perf_counter() - start) * 1000)
        socket.close()
    finally:
        browser.terminate()
        browser.wait()
        shutil.rmtree(profile, ignore_errors=True)
    return flows


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("playwright", "playwright-traced", "selenium", "cdp"):
        sys.exit("usage: login_flow.py playwright|playwright-traced|selenium|cdp URL [ITERATIONS]")
    iterations = int(sys.argv[3]) if len(sys.argv) > 3 else 30
    if sys.argv[1] == "cdp":
        flows = run_cdp(sys.argv[2], iterations)
        print(json.dumps({"flow_p50": percentile(flows, 0.5), "flow_p90": percentile(flows, 0.9)}, sort_keys=True))
        return
    if sys.argv[1] == "selenium":
        flows, isolations, sessions = run_selenium(sys.argv[2], iterations)
    else:
        flows, isolations, sessions = run_playwright(sys.argv[2], iterations, traced=sys.argv[1] == "playwright-traced")
    print(json.dumps({
        "flow_p50": percentile(flows, 0.5), "flow_p90": percentile(flows, 0.9),
        "isolation_p50": percentile(isolations, 0.5), "isolation_p90": percentile(isolations, 0.9),
        "new_browser_p50": statistics.median(sessions),
    }, sort_keys=True))


if __name__ == "__main__":
    main()
