"""The merged report renders in headless Chromium with its matrix, coverage table and plots, and
requests nothing from the network (strict CSP, no external URL in the DOM, none in the net log)."""
import json
import os
import re
import shutil
import subprocess

import pytest

from tests.report_support import run_build, run_suite, write_suite

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="needs headless Chromium (/usr/bin/chromium: apt-get install -y chromium)")


def _chromium(tmp_path, *args, timeout=120):
    profile = tmp_path / "chromium-profile"
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)


def _page_requests(netlog: str) -> list[str]:
    """http(s) requests made for the page (the browser's own service requests have no origin)."""
    with open(netlog, encoding="utf-8") as f:
        log = json.load(f)
    names = {v: k for k, v in log["constants"]["logEventTypes"].items()}
    out = []
    for event in log["events"]:
        params = event.get("params") or {}
        if names.get(event["type"]) == "URL_REQUEST_START_JOB" and str(params.get("url", "")).startswith("http"):
            if params.get("initiator") != "not an origin":
                out.append(params["url"])
    return out


@pytest.mark.slow
def test_report_renders_offline_in_chromium(tmp_path):
    suite = write_suite(tmp_path / "suite")
    runs = []
    for pid, bad in (("atlas-a2", ""), ("atlas-inference", "script")):
        out = tmp_path / pid
        run_suite(suite, "--report-dir", str(out), "--product", pid, "--no-rerun", env={"DEMO_BAD": bad})
        runs.append(str(out))
    report = tmp_path / "report"
    proc = run_build(*runs, "--out", str(report))
    assert proc.returncode in (0, 1), proc.stderr
    netlog = tmp_path / "net.json"
    page = f"file://{report}/index.html"
    proc = _chromium(tmp_path, f"--log-net-log={netlog}", "--dump-dom", page)
    dom = proc.stdout
    assert proc.returncode == 0 and "</html>" in dom, proc.stderr[-2000:]

    # what the release engineer must see
    assert 'id="matrix-table"' in dom and 'id="coverage-table"' in dom
    assert "atlas-a2" in dom and "atlas-inference" in dom
    imgs = re.findall(r'<img[^>]*class="plot"[^>]*src="([^"]+)"', dom) + \
        re.findall(r'<img[^>]*src="([^"]+)"[^>]*class="plot"', dom)
    assert imgs and all(os.path.isfile(report / src) for src in imgs)

    # test text is text: the <script> test id is escaped, the page has no script element
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in dom
    assert not re.search(r"<script\b", dom, re.I)

    # nothing from the network: strict CSP, no external reference in the DOM, no page request
    assert "Content-Security-Policy" in dom and "default-src 'none'" in dom
    refs = re.findall(r'(?:src|href|srcset|action|poster|data)\s*=\s*"([^"]*)"', dom, re.I)
    refs += re.findall(r"url\(([^)]*)\)", dom, re.I)
    assert not [r for r in refs if re.match(r"\s*['\"]?\s*(https?:)?//", r, re.I)], refs
    assert _page_requests(str(netlog)) == []

    # and it paints: a screenshot of the page is produced
    shot = tmp_path / "page.png"
    proc = _chromium(tmp_path, f"--screenshot={shot}", "--window-size=1280,2400", page)
    assert proc.returncode == 0 and shot.stat().st_size > 10_000
