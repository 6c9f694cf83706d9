"""``python -m harness run-products``: the conformance suites once per product line (EWH-12).

For each product id it runs, from the checkout,
``pytest suites/ --soc <DEFAULT_SOC[id]> --product <id> [--report-dir <out>/<id>]
--junitxml <out>/<id>/junit.xml -n <workers> [extra pytest args]``, each in its own process
(the simulator reads its profile once per process; the console output goes to
``<out>/<id>/pytest.log``, whose path is printed first), shows live progress per product (tests
done / collected, failures so far, an estimate of the time left), then prints one row per
product: passed / failed / errors / skipped / pytest's exit code. Exits 1 if any product run failed.

The default ``--out`` is ``reports/out/run-products``: its own folder, apart from the
``reports/out/<product>/<timestamp>/`` runs that plain pytest keeps. An existing ``<out>/<id>``
is never overwritten silently: the command refuses unless ``--force`` (which replaces only the
outputs of that product's run inside ``<out>/<id>``: results.json, junit.xml, allure-results/,
pytest.log; nothing else, and nothing outside it) or ``--timestamp`` (which writes under a new
``<out>/<YYYYmmdd-HHMMSS>/`` instead).

``--backend device --install-root DIR`` runs each product in device mode, as an Atlas host of
that product would: against a CANN-shaped install of the simulator for the product's SoC,
``DIR/<id>`` (``python -m simulator.install --prefix DIR/<id> --layout cann --soc <SoC>``, built
when missing and reused when its set_env.sh exports that SoC; one of another SoC is refused, never
rebuilt over), with ``set_env.sh`` sourced and ``--backend device --product <id>`` instead of
``--soc``.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from harness.products import DEFAULT_SOC, PRODUCT_IDS
from reports.cleanup import remove_entries

from . import ROOT
from .faults_device import install_env

DEFAULT_OUT = os.path.join("reports", "out", "run-products")
# what one product run writes into <out>/<id>: all that --force may replace
RUN_OUTPUTS = ("results.json", "junit.xml", "allure-results", "pytest.log")
PROGRESS_EVERY = 10.0           # seconds between progress lines


def add_parser(sub) -> None:
    p = sub.add_parser("run-products", help="run the suites once per product line, one results "
                                            "directory each, and print a summary table")
    p.add_argument("--products", nargs="+", default=list(PRODUCT_IDS), choices=PRODUCT_IDS,
                   metavar="ID", help=f"product ids (default: all six: {', '.join(PRODUCT_IDS)})")
    p.add_argument("--out", default=DEFAULT_OUT,
                   help=f"results root; one directory per product id (default: {DEFAULT_OUT})")
    p.add_argument("--force", action="store_true",
                   help="replace the outputs of earlier runs in <out>/<id> (only those files)")
    p.add_argument("--timestamp", action="store_true",
                   help="write under a new <out>/<YYYYmmdd-HHMMSS>/ directory")
    p.add_argument("--workers", "-n", default="2", help="pytest-xdist workers per product run (default 2)")
    p.add_argument("--suites", nargs="+", default=["suites/"], metavar="PATH",
                   help="what pytest collects (default suites/)")
    p.add_argument("--backend", choices=("sim", "device"), default="sim",
                   help="sim (default): the simulator's profiles; device: CANN's ABI, with --install-root")
    p.add_argument("--install-root", default=None, metavar="DIR",
                   help="device mode: one CANN-shaped install of the simulator per product SoC in DIR/<id> "
                        "(built when missing, reused when it has that SoC)")
    p.add_argument("--jit", nargs="+", default=["default"], choices=("default", "enable", "disable"),
                   help="ACL_OP_JIT_COMPILE settings to qualify (each product runs once per setting, into "
                        "<product>-jit-<setting> when more than one is given; default: not set)")
    p.add_argument("pytest_args", nargs=argparse.REMAINDER,
                   help="after --: extra pytest arguments for every product run")


@dataclass
class ProductResult:
    product: str
    soc: str
    exit_code: int
    tests: int = 0
    failed: int = 0
    errors: int = 0
    skipped: int = 0
    seconds: float = 0.0
    note: str = ""

    @property
    def passed(self) -> int:
        return max(self.tests - self.failed - self.errors - self.skipped, 0)

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and self.failed == 0 and self.errors == 0


def repo_root() -> str:
    """The checkout holding suites/ (tools/'s parent), else the working directory."""
    return ROOT if os.path.isdir(os.path.join(ROOT, "suites")) else os.getcwd()


def pytest_supports(option: str, cwd: str) -> bool:
    """Whether ``pytest --help`` (with the checkout's plugins) lists ``option``."""
    proc = subprocess.run([sys.executable, "-m", "pytest", "--help"], cwd=cwd, capture_output=True,
                          text=True)
    return option in proc.stdout


def remove_run_outputs(product_dir: str) -> None:
    """--force: remove what an earlier product run wrote there, and nothing else."""
    remove_entries(product_dir, RUN_OUTPUTS)


@dataclass
class Progress:
    total: int | None = None
    started: int = 0
    failed: int = 0

    def line(self, product: str, elapsed: float) -> str:
        if not self.total:
            return f"   {product}: collecting ({elapsed:.0f} s)"
        done = min(self.started, self.total)
        left = (elapsed / done * (self.total - done)) if done else None
        eta = f", about {left:.0f} s left" if left is not None else ""
        return (f"   {product}: {done}/{self.total} tests started, {self.failed} failed so far, "
                f"{elapsed:.0f} s{eta}")


def read_progress(path: str) -> Progress:
    """Progress from tools.plugins.faultlog's JSON lines (collection, test starts, failures)."""
    prog, failed = Progress(), set()
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError:
        return prog
    for line in lines:
        try:
            rec = json.loads(line)
        except ValueError:
            continue                 # a line still being written
        if "clauses" in rec and prog.total is None:
            prog.total = len(rec["clauses"])
        elif "start" in rec:
            prog.started += 1
        elif "fail" in rec:
            failed.add(rec["fail"])
    prog.failed = len(failed)
    return prog


def watch(proc, product: str, progress_path: str, start: float, every: float = PROGRESS_EVERY) -> int:
    """Wait for a product run, printing its progress every ``every`` seconds; its exit code."""
    last = None
    while True:
        try:
            return proc.wait(timeout=every)
        except subprocess.TimeoutExpired:
            line = read_progress(progress_path).line(product, time.monotonic() - start)
            if line != last:
                print(line, flush=True)
                last = line


def read_junit(path: str) -> dict[str, int] | None:
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return None
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for s in suites:
        for key in totals:
            totals[key] += int(s.get(key, 0) or 0)
    return totals


class InstallError(RuntimeError):
    pass


def install_soc(prefix: str) -> str | None:
    """The SoC an install's cann/set_env.sh exports (ACLSIM_SOC), None without one; raises
    InstallError when ``prefix`` exists but holds no CANN-shaped install of the cann layout."""
    script = os.path.join(prefix, "cann", "set_env.sh")
    if not os.path.exists(script):
        if os.path.exists(prefix) and os.listdir(prefix):
            raise InstallError(f"{prefix}: exists and has no cann/set_env.sh (not an install of the cann layout); "
                               f"remove it or choose another --install-root")
        return None
    with open(script, encoding="utf-8") as f:
        for line in f:
            if line.startswith("export ACLSIM_SOC="):
                return shlex.split(line.split("=", 1)[1])[0]
    raise InstallError(f"{script}: exports no ACLSIM_SOC (an install without --soc): remove it or choose another "
                       f"--install-root")


def ensure_install(root: str, product: str) -> tuple[str, str]:
    """The install of ``product``'s SoC under ``root`` (built when missing) and what was done."""
    prefix, soc = os.path.join(root, product), DEFAULT_SOC[product]
    have = install_soc(prefix)
    if have == soc:
        return prefix, f"reused {prefix} ({soc})"
    if have is not None:
        raise InstallError(f"{prefix}: an install of SoC {have}, not {product}'s {soc}: remove it or choose "
                           f"another --install-root")
    cmd = [sys.executable, "-m", "simulator.install", "--prefix", prefix, "--layout", "cann", "--soc", soc]
    start = time.monotonic()
    proc = subprocess.run(cmd, cwd=repo_root(), capture_output=True, text=True)
    if proc.returncode != 0:
        raise InstallError(f"{shlex.join(cmd)} failed:\n{(proc.stdout + proc.stderr).strip()[-2000:]}")
    return prefix, f"built {prefix} ({soc}) in {time.monotonic() - start:.0f} s"


def product_command(product: str, out_dir: str, *, report_dir: bool, workers: str, suites: str | list[str],
                    extra: list[str], backend: str = "sim") -> list[str]:
    cmd = [sys.executable, "-m", "pytest", *([suites] if isinstance(suites, str) else suites)]
    # the simulator takes the product's SoC from --soc; a device reports its own (an install: its set_env.sh)
    cmd += ["--backend", "device"] if backend == "device" else ["--soc", DEFAULT_SOC[product]]
    cmd += ["--product", product]
    if report_dir:
        cmd += ["--report-dir", out_dir]
    cmd += ["--junitxml", os.path.join(out_dir, "junit.xml")]
    if workers and workers not in ("0", "no"):
        cmd += ["-n", workers]
    return cmd + extra


def run_one(args, product: str, jit: str, out_dir: str, out_root: str, install_root: str | None,
            report_dir: bool, extra: list[str]) -> ProductResult | None:
    """One product's pytest run into ``out_dir`` (None: its install could not be built)."""
    root = repo_root()
    # the reports plugin wants --report-dir missing or empty: pytest creates it, and the
    # console log moves in afterwards
    os.makedirs(out_root, exist_ok=True)
    if not report_dir:
        os.makedirs(out_dir)
    env = None
    if install_root:
        try:
            prefix, what = ensure_install(install_root, product)
        except InstallError as e:
            print(f"harness: error: {e}", file=sys.stderr)
            return None
        print(f"== {product}: install {what}", flush=True)
        env = install_env(prefix, keep_soc=True)
    cmd = product_command(product, out_dir, report_dir=report_dir, workers=args.workers,
                          suites=args.suites, extra=(["--jit", jit] if jit != "default" else []) + extra,
                          backend=args.backend)
    if report_dir and os.path.isdir(out_dir) and os.listdir(out_dir):
        cmd.append("--report-overwrite")       # --force: pytest replaces only its outputs
    name = os.path.basename(out_dir)
    log_path = os.path.join(out_root, f".{name}.pytest.log")
    progress_path = os.path.join(out_root, f".{name}.progress.jsonl")
    cmd += ["-p", "tools.plugins.faultlog", "--fault-log", progress_path]
    print(f"== {name} ({DEFAULT_SOC[product]}): {shlex.join(cmd[1:])}", flush=True)
    print(f"   log: {os.path.join(out_dir, 'pytest.log')} (while it runs: {log_path})", flush=True)
    start = time.monotonic()
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, cwd=root, stdout=log, stderr=subprocess.STDOUT, env=env)
        returncode = watch(proc, product, progress_path, start)
    os.makedirs(out_dir, exist_ok=True)
    os.replace(log_path, os.path.join(out_dir, "pytest.log"))
    try:
        os.remove(progress_path)
    except OSError:
        pass
    return _result(product if jit == "default" else f"{product} (--jit {jit})", DEFAULT_SOC[product], returncode,
                   time.monotonic() - start, out_dir)


def _result(label: str, soc: str, returncode: int, seconds: float, out_dir: str) -> ProductResult:
    res = ProductResult(label, soc, returncode, seconds=seconds)
    totals = read_junit(os.path.join(out_dir, "junit.xml"))
    if totals is None:
        res.note = "no junit.xml; see pytest.log"
    else:
        res.tests, res.failed = totals["tests"], totals["failures"]
        res.errors, res.skipped = totals["errors"], totals["skipped"]
    print(f"   exit {res.exit_code}: {res.passed} passed, {res.failed} failed, {res.errors} errors, "
          f"{res.skipped} skipped ({out_dir})", flush=True)
    return res


def format_table(results: list[ProductResult]) -> str:
    head = ("product", "soc", "passed", "failed", "errors", "skipped", "exit", "time", "")
    rows = [(r.product, r.soc, str(r.passed), str(r.failed), str(r.errors), str(r.skipped),
             str(r.exit_code), f"{r.seconds:.1f}s", ("OK" if r.ok else "FAILED") + (f" ({r.note})" if r.note else ""))
            for r in results]
    widths = [max(len(x) for x in col) for col in zip(head, *rows)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
    return "\n".join([line(head), line(["-" * w for w in widths])] + [line(r) for r in rows])


def run(args) -> int:
    root = repo_root()
    extra = list(args.pytest_args or [])
    if extra[:1] == ["--"]:
        extra = extra[1:]
    if args.force and args.timestamp:
        print("harness: error: --force and --timestamp exclude each other", file=sys.stderr)
        return 2
    if (args.backend == "device") != (args.install_root is not None):
        print("harness: error: --backend device and --install-root DIR go together (on an Atlas host, run "
              "pytest suites/ --backend device there: one product per host)", file=sys.stderr)
        return 2
    install_root = os.path.abspath(args.install_root) if args.install_root else None
    out_root = args.out if os.path.isabs(args.out) else os.path.join(root, args.out)
    if args.timestamp:
        out_root = os.path.join(out_root, time.strftime("%Y%m%d-%H%M%S"))
        if os.path.exists(out_root):
            print(f"harness: error: {out_root} already exists; try again in a second", file=sys.stderr)
            return 2
    targets = [(p, jit, os.path.join(out_root, p if len(args.jit) == 1 else f"{p}-jit-{jit}"))
               for p in args.products for jit in args.jit]
    existing = [d for _, _, d in targets if os.path.exists(d)]
    if existing and not args.force:
        print("harness: error: results directories already exist and would be overwritten:\n  "
              + "\n  ".join(existing)
              + "\nremove them, pass --force to replace them, or --timestamp to write under a new "
                "timestamped directory", file=sys.stderr)
        return 2
    for d in existing:
        remove_run_outputs(d)
    report_dir = pytest_supports("--report-dir", root)
    if not report_dir:
        print("note: this pytest has no --report-dir option (reports plugin absent): "
              "writing junit.xml only", file=sys.stderr)
    results = []
    for product, jit, out_dir in targets:
        res = run_one(args, product, jit, out_dir, out_root, install_root, report_dir, extra)
        if res is None:
            return 2
        results.append(res)
    print()
    print(format_table(results))
    print(f"\nresults: {out_root}")
    return 0 if all(r.ok for r in results) else 1
