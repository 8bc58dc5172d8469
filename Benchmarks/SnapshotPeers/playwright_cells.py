"""The Chromium benchmark's cells rendered by Playwright for Python on the system Chromium, as a
Playwright snapshot suite would: one browser context per cell (viewport, device scale, colour
scheme, locale), each page loaded and captured with page.screenshot (fonts awaited, PNG).

    python playwright_cells.py PAGES_DIR [BROWSERS]

PAGES_DIR holds the pages (*.html) and cells.json ([{"width", "height", "scale", "theme",
"locale"}]) that chromium-bench wrote. With BROWSERS > 1 that many processes each take every
BROWSERS-th cell, each with its own browser, as our pool's browsers do. Prints one JSON line:
the cells, the wall seconds of the cells (browsers already started), the PNG bytes.
"""
import json
import multiprocessing
import os
import shutil
import sys
import time


def chromium():
    path = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not path:
        sys.exit("playwright_cells.py: no chromium on PATH (apt-get install chromium)")
    return path


def work(pages_dir, cells, share, start_barrier, results):
    from playwright.sync_api import sync_playwright

    pages = sorted(os.path.join(pages_dir, name) for name in os.listdir(pages_dir) if name.endswith(".html"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), headless=True, args=["--no-sandbox", "--disable-gpu"])
        # One warm-up capture, as our benchmark starts its browsers before the clock.
        warm = browser.new_page()
        warm.goto("file://" + pages[0])
        warm.screenshot()
        warm.close()
        start_barrier.wait()
        began = time.perf_counter()
        count, size = 0, 0
        for cell in cells[share[0]::share[1]]:
            context = browser.new_context(
                viewport={"width": int(cell["width"]), "height": int(cell["height"])},
                device_scale_factor=cell["scale"], color_scheme=cell["theme"], locale=cell["locale"])
            page = context.new_page()
            for path in pages:
                page.goto("file://" + path)
                size += len(page.screenshot())
                count += 1
            context.close()
        results.put((count, size, time.perf_counter() - began))
        browser.close()


def main():
    pages_dir = sys.argv[1]
    browsers = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    with open(os.path.join(pages_dir, "cells.json")) as file:
        cells = json.load(file)
    if not cells:
        sys.exit("playwright_cells.py: cells.json lists no cells")
    barrier = multiprocessing.Barrier(browsers)
    results = multiprocessing.Queue()
    workers = [multiprocessing.Process(target=work, args=(pages_dir, cells, (index, browsers), barrier, results))
               for index in range(browsers)]
    for worker in workers:
        worker.start()
    parts = [results.get(timeout=600) for _ in workers]
    for worker in workers:
        worker.join()
    count = sum(part[0] for part in parts)
    print(json.dumps({"cells": count, "seconds": max(part[2] for part in parts), "png_bytes": sum(part[1] for part in parts)}))


if __name__ == "__main__":
    main()
