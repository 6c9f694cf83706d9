"""``python -m harness faults``: the fault-injection matrix over the simulator.

Runs the conformance suites once per fault switch of the simulator (``ACLSIM_FAULTS=<name>``,
simulator/src/sim_faults.def) and once without any fault, and shows which tests catch which
broken runtime:

- a *harmful* fault must be detected: at least one failing/erroring test, a crash of the pytest
  process, or a hang (the run is killed after ``--timeout`` seconds: "detected by timeout");
- a *benign* fault (name ``benign_*``: a valid deviation such as another error text) must NOT
  be detected, and neither may the conformant simulator.

Exit code 1 if any harmful fault survives, any benign fault is detected, or the conformant run
fails; 2 on usage errors.

Modes:
- full (default): every fault x all suites (tox env ``faults``);
- ``--reduced``: every fault, but only the tests of ``REDUCED`` (its fastest killing subset);
  the conformant run then runs the union of those subsets (CI);
- ``--conformance-runs N``: instead of the matrix, the full suites N times on the conformant
  simulator, ``-n 2``, each in another random order (``-p tools.plugins.shuffle --shuffle-seed``).

Each run is ``python -m pytest <selection> -n 1`` with its own report directory, JUnit file,
hypothesis database and fault log (tools/plugins/faultlog.py), ``--jobs`` runs at a time.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field

from . import ROOT
from . import faults_device as dev

DEFAULT_JSON = os.path.join("reports", "out", "faults.json")
CONFORMANT = "(none)"

# A saturation-mode product (products.md 2.2): where saturation_ignored can matter at all.
SATURATION_SOC = {"ACLSIM_SOC": "Ascend910A"}

# fault -> (pytest selection, extra environment): the fastest subset that kills the fault, chosen
# from full-matrix runs. Benign faults get the subsets most likely to (wrongly) notice them.
DETERMINISTIC = {"PYTEST_ADDOPTS": "--deterministic"}     # the run qualifies under CANN's deterministic setting
REDUCED: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    # the contract table (fixtures/contract/table.py) runs in well under 10 s: it kills every argument fault
    "exec_null_handle_ok": (("suites/test_contract_exec.py",), {}),
    "exec_accept_negative_count": (("suites/test_contract_exec.py",), {}),
    "exec_skip_input_count_check": (("suites/test_contract_exec.py",), {}),
    "exec_skip_output_count_check": (("suites/test_contract_exec.py",), {}),
    "exec_wrong_mismatch_code": (("suites/test_contract_exec.py",), {}),
    "exec_null_element_skipped": (("suites/test_contract_exec.py",), {}),
    "exec_skip_size_check": (("suites/test_contract_exec.py",), {}),
    "exec_write_past_output": (("suites/test_argument_validation.py",), {}),
    "exec_modify_input": (("suites/test_argument_validation.py",), {}),
    "exec_empty_outputs_launch": (("suites/test_argument_validation.py",), {}),
    "create_accept_dynamic": (("suites/test_dynamic_shape.py", "-k", "handle_for_dynamic"), {}),
    "create_no_deep_copy": (("suites/test_handle_lifecycle.py::test_descs_and_attr_destroyed_right_after_create",), {}),
    "create_ignore_attrs": (("suites/test_contract_create.py",), {}),
    "create_wrong_not_found_code": (("suites/test_contract_create.py",), {}),
    "optional_null_rejected": (("suites/test_optional_inputs.py", "-k", "absent_bias_with_transposes"), {}),
    "optional_null_deref": (("suites/test_optional_inputs.py", "-k", "absent_bias_with_transposes"), {}),
    "stream_ignored": (("suites/test_async.py", "-k", "timeout_expires"), {}),
    "stream_reorder": (("suites/test_async.py", "-k", "chain"), {}),
    "sync_early": (("suites/test_async.py", "-k", "timeout_expires or delivered"), {}),
    "async_error_swallowed": (("suites/test_async.py", "-k", "device_error"), {}),
    "sync_timeout_ignored": (("suites/test_async.py", "-k", "timeout_expires"), {}),
    "timeout_param_unchecked": (("suites/test_async.py", "-k", "below_minus_one"), {}),
    "validation_off": (("suites/test_stream_rules.py", "-k", "is_reported"), {}),
    "handle_leak": (("suites/test_handle_lifecycle.py", "-k", "two_handles"), {}),
    "handle_leak_internal": (("suites/test_leak_probe.py", "-k", "op_handle"), {}),
    "query_early": (("suites/test_stream_query.py", "-k", "complete_means"), {}),
    "memset_out_of_order": (("suites/test_stream_query.py", "-k", "memset"), {}),
    "event_wait_ignored": (("suites/test_events.py", "-k", "event_orders or chain_of_three"), {}),
    "cross_thread_stream_mixup": (("suites/test_stream_rules.py", "-k", "distinct_chains"), {}),
    "kernel_hang": (("suites/test_numerics.py", "-k", "Cast and float32 and int32 and uniform"), {}),
    "sync_timeout_hangs": (("suites/test_async.py", "-k", "timeout_expires"), {}),
    "fp16_round_toward_zero": (("suites/test_numerics.py", "-k", "Cast and float32-to_float16"), {}),
    "bf16_truncate": (("suites/test_numerics.py", "-k", "Cast and float32-to_bfloat16"), {}),
    "matmul_fp16_accumulate": (("suites/test_numerics.py", "-k", "MatMulV2 and float16"), {}),
    "broadcast_rank_mismatch": (("suites/test_numerics.py", "-k", "Add and float32 and bcast"), {}),
    "softmax_no_max_subtraction": (("suites/test_numerics.py", "-k", "SoftmaxV2"), {}),
    "nan_flushed_on_infnan": (("suites/test_numerics.py", "-k", "specials"), {}),
    "saturation_ignored": (("suites/test_numerics.py", "-k", "specials"), SATURATION_SOC),
    "cast_float_to_int_rounds": (("suites/test_numerics.py", "-k", "Cast and float32 and int32"), {}),
    "reduce_sum_fp16_accumulate": (("suites/test_numerics.py", "-k", "ReduceSumD and float16"), {}),
    "benign_fp16_ulp_noise": (("suites/test_numerics.py", "-k", "float16 and (RealDiv or Exp or Log or Sqrt or "
                                                                "Rsqrt or Sigmoid or Tanh)"), {}),
    "benign_stream_jitter": (("suites/test_async.py", "suites/test_events.py", "suites/test_streams.py"), {}),
    "benign_error_text": (("suites/test_argument_validation.py", "suites/test_contract_exec.py"), {}),
    "benign_device_mem_zero_fill": (("suites/test_argument_validation.py", "suites/test_optional_inputs.py"), {}),
    # determinism (issue 38): under CANN's deterministic setting (--deterministic) a launch-to-launch
    # accumulation order fails; the same order at another pace must not
    "nondeterministic_accumulation": (("suites/test_determinism.py", "-k", "run_to_run and (ReduceSumD or MatMulV2)"),
                                      DETERMINISTIC),
    "benign_accumulation_timing": (("suites/test_determinism.py", "-k", "run_to_run and (ReduceSumD or MatMulV2)"),
                                   DETERMINISTIC),
}
# Per-run time limits (seconds) in reduced mode: small where a hang is the expected detection.
REDUCED_TIMEOUT = {"kernel_hang": 30.0, "sync_timeout_hangs": 30.0}
# ... and in full mode (a normal full run takes ~80-150 s at -n 1 on 2 cores).
FULL_TIMEOUT = {"kernel_hang": 300.0, "sync_timeout_hangs": 300.0}


@dataclass
class RunResult:
    fault: str
    kind: str                     # "harmful" | "benign" | "conformant"
    selection: list[str]
    env: dict[str, str]
    returncode: int | None = None
    seconds: float = 0.0
    collected: int = 0
    failed: list[str] = field(default_factory=list)
    clauses: list[str] = field(default_factory=list)
    crashed: bool = False
    timed_out: bool = False
    last_started: str | None = None
    note: str = ""
    backend: str = "sim"          # "sim" | "device" (tools/faults_device.py)

    @property
    def detected(self) -> bool:
        return bool(self.failed) or self.crashed or self.timed_out or self.returncode not in (0, 5, None)

    @property
    def how(self) -> str:
        if self.timed_out:
            return "timeout"
        if self.crashed:
            return "crash"
        if self.failed:
            return "tests"
        if self.returncode not in (0, 5, None):
            return f"exit {self.returncode}"
        return "-"

    @property
    def ok(self) -> bool:
        if self.kind == "harmful":
            return self.detected or dev.expected_survivor(self.fault, self.backend)
        return not self.detected

    def as_dict(self) -> dict:
        d = asdict(self)
        d.update(detected=self.detected, how=self.how, ok=self.ok, failing=len(self.failed))
        return d


def fault_names() -> list[str]:
    """The simulator's fault switches, from aclsimFaultNames() of the library the suites load."""
    from harness.loader import load_simulator
    from harness.raw import RawAcl
    names = RawAcl(load_simulator()).aclsimFaultNames() or b""
    return [n for n in names.decode().split(",") if n]


def kind_of(name: str) -> str:
    return "conformant" if name == CONFORMANT else ("benign" if name.startswith("benign_") else "harmful")


def reduced_union(backend: str = "sim") -> dict[str, list[tuple[str, ...]]]:
    """Conformant selections of the reduced mode: the union of the subsets, per extra env."""
    groups: dict[str, list[tuple[str, ...]]] = {}
    for sel, env in (dev.selection_for(name, backend, REDUCED) for name in REDUCED):
        key = json.dumps(env, sort_keys=True)
        if sel not in groups.setdefault(key, []):
            groups[key].append(sel)
    return groups


def pytest_command(selection: list[str], workdir: str, *, xdist: str = "1", extra: list[str] | None = None
                   ) -> list[str]:
    return [sys.executable, "-m", "pytest", *selection, "-n", xdist, "-q", "-rf",
            "-p", "no:cacheprovider", "-p", "tools.plugins.faultlog",
            f"--fault-log={os.path.join(workdir, 'log.jsonl')}",
            f"--junitxml={os.path.join(workdir, 'junit.xml')}",
            f"--report-dir={os.path.join(workdir, 'report')}", "--no-rerun",
            "-W", "ignore::pytest.PytestUnknownMarkWarning", *(extra or [])]


def _read_log(path: str) -> tuple[dict[str, list[str]], list[str], str | None]:
    clauses: dict[str, list[str]] = {}
    failed: list[str] = []
    last = None
    finished: set[str] = set()
    if not os.path.exists(path):
        return clauses, failed, last
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                rec = json.loads(line)
            except ValueError:
                continue
            if "clauses" in rec:
                clauses.update(rec["clauses"])
            elif "start" in rec:
                last = rec["start"]
            elif "fail" in rec and rec["fail"] not in finished:
                finished.add(rec["fail"])
                failed.append(rec["fail"])
    return clauses, failed, last


def run_one(fault: str, selection: list[str], env_extra: dict[str, str], timeout: float, base: str,
            *, xdist: str = "1", extra: list[str] | None = None, label: str | None = None,
            backend: str = "sim", base_env: dict[str, str] | None = None) -> RunResult:
    """One pytest run with ACLSIM_FAULTS=fault (none for the conformant run); ``backend``
    "device": in ``base_env`` (an install's set_env.sh) with ``--backend device``."""
    label = f"{backend}-{label or fault}"
    workdir = tempfile.mkdtemp(prefix=f"{label.replace('(', '').replace(')', '')}-", dir=base)
    env = dict(base_env if base_env is not None else os.environ)
    if backend == "device":
        extra = ["--backend", "device", *(extra or [])]
    env.pop("PYTEST_ADDOPTS", None)         # the user's, not the matrix's (a subset may set its own)
    env.update(env_extra)
    env["ACLSIM_FAULTS"] = "" if fault == CONFORMANT else fault
    env["HYPOTHESIS_STORAGE_DIRECTORY"] = os.path.join(workdir, "hypothesis")
    cmd = pytest_command(selection, workdir, xdist=xdist, extra=extra)
    res = RunResult(fault, kind_of(fault), list(selection), dict(env_extra), backend=backend)
    start = time.monotonic()
    with open(os.path.join(workdir, "output.txt"), "wb") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
        try:
            res.returncode = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            res.timed_out = True
            try:
                os.killpg(proc.pid, signal.SIGKILL)      # the run's own process group only
            except ProcessLookupError:
                pass
            proc.wait()
            res.returncode = None
    res.seconds = round(time.monotonic() - start, 1)
    clauses, failed, last = _read_log(os.path.join(workdir, "log.jsonl"))
    res.collected = len(clauses)
    res.failed = failed
    res.last_started = last
    if res.returncode is not None and res.returncode < 0:
        res.crashed = True
        res.note = f"pytest killed by signal {-res.returncode}"
    if res.timed_out:
        res.note = f"killed after {timeout:g} s; last test started: {last}"
        if last and last not in res.failed:
            res.failed.append(last)
    if res.crashed and last and last not in res.failed:
        res.failed.append(last)
    found = set()
    for nodeid in res.failed:
        found.update(clauses.get(nodeid, []))
    res.clauses = sorted(found)
    if res.returncode not in (0, 5, 1, None) and not res.crashed:
        tail = _tail(os.path.join(workdir, "output.txt"))
        res.note = (res.note + " " if res.note else "") + f"pytest exit {res.returncode}: {tail}"
    res.note = res.note.strip()
    return res


def _tail(path: str, n: int = 3) -> str:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = [ln.strip() for ln in f if ln.strip()]
    except OSError:
        return ""
    return " | ".join(lines[-n:])[:400]


# ---------------------------------------------------------------- formatting
def format_table(results: list[RunResult], first: int = 3) -> str:
    """fault -> kind -> verdict -> clauses -> failing tests -> first ids, one row per run."""
    headers = ("fault", "backend", "kind", "result", "how", "clauses", "failing", "time s", "first failing tests")
    rows = []
    for r in results:
        verdict = ("detected" if r.detected else "survived") if r.kind == "harmful" else (
            "FALSE ALARM" if r.detected else "clean")
        if not r.ok:
            verdict += " !!"
        ids = ", ".join(i.split("::", 1)[-1] if "::" in i else i for i in r.failed[:first])
        if len(r.failed) > first:
            ids += f", ... (+{len(r.failed) - first})"
        rows.append((r.fault, r.backend, r.kind, verdict, r.how, ",".join(r.clauses) or "-", str(len(r.failed)),
                     f"{r.seconds:.0f}", ids or "-"))
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h)
              for i, h in enumerate(headers[:-1])]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers[:-1], widths)) + "  " + headers[-1]]
    lines.append("  ".join("-" * w for w in widths) + "  " + "-" * len(headers[-1]))
    for row in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row[:-1], widths)) + "  " + row[-1])
    return "\n".join(lines)


def summarize(results: list[RunResult]) -> dict:
    harmful = [r for r in results if r.kind == "harmful"]
    benign = [r for r in results if r.kind == "benign"]
    conformant = [r for r in results if r.kind == "conformant"]
    return {
        "harmful": len(harmful), "harmful_detected": sum(r.detected for r in harmful),
        "benign": len(benign), "benign_detected": sum(r.detected for r in benign),
        "conformant_runs": len(conformant), "conformant_failed": sum(r.detected for r in conformant),
        "survivors": [f"{r.fault} ({r.backend})" for r in harmful if not r.ok],
        "expected_survivors": {f"{r.fault} ({r.backend})": dev.survivor_reason(r.fault) for r in harmful
                               if not r.detected and r.ok},
        "false_alarms": [f"{r.fault} ({r.backend})" for r in benign + conformant if r.detected],
    }


def to_json(results: list[RunResult], mode: str, seconds: float) -> dict:
    return {"schema": "aclop-faults/1", "mode": mode, "seconds": round(seconds, 1),
            "summary": summarize(results), "runs": [r.as_dict() for r in results]}


def check_output_path(path: str, force: bool) -> str | None:
    """An error message if writing path would overwrite a file without --force."""
    if os.path.exists(path) and not force:
        return f"{path} exists: refusing to overwrite it (pass --force, or choose another --json)"
    return None


# ---------------------------------------------------------------- command
def add_parser(sub) -> None:
    p = sub.add_parser("faults", help="fault-injection matrix: prove the suites catch broken runtimes",
                       description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--reduced", action="store_true",
                   help="each fault runs only its fastest killing subset (CI); default: all suites per fault")
    p.add_argument("--only", default=None, help="comma-separated fault names to run (default: all)")
    p.add_argument("--no-conformant", action="store_true", help="skip the run without faults")
    p.add_argument("--jobs", type=int, default=2, help="pytest processes at a time (default 2)")
    p.add_argument("--timeout", type=float, default=None,
                   help="seconds per pytest run before it is killed (default: 180 reduced, 1200 full)")
    p.add_argument("--json", default=DEFAULT_JSON, help=f"write the matrix as JSON here (default {DEFAULT_JSON})")
    p.add_argument("--force", action="store_true", help="overwrite an existing --json file")
    p.add_argument("--keep", action="store_true", help="keep every run's directory (logs, junit, report)")
    p.add_argument("--conformance-runs", type=int, default=0, metavar="N",
                   help="instead of the matrix: the full suites N times (-n 2, random order) on the conformant simulator")
    p.add_argument("--seed", type=int, default=1, help="first shuffle seed of --conformance-runs (default 1)")
    p.add_argument("--backend", choices=("sim", "device", "both"), default="sim",
                   help="sim: the simulator (default); device: a CANN-shaped install, --backend device; both")
    p.add_argument("--install", default=None, metavar="DIR",
                   help="the CANN-shaped install for device mode (default: build one into a temporary directory)")


def _conformance(args, base: str) -> tuple[list[RunResult], str]:
    timeout = args.timeout or 1800.0
    results = []
    for i in range(args.conformance_runs):
        seed = args.seed + i
        r = run_one(CONFORMANT, ["suites/"], {}, timeout, base, xdist="2",
                    extra=["-p", "tools.plugins.shuffle", f"--shuffle-seed={seed}"], label=f"conformance-{seed}")
        r.fault = f"{CONFORMANT} seed {seed}"
        r.note = (f"seed {seed}; " + r.note).strip("; ")
        results.append(r)
        print(f"conformance run {i + 1}/{args.conformance_runs} (seed {seed}): "
              f"{'FAILED' if r.detected else 'passed'} in {r.seconds:.0f} s "
              f"({r.collected} tests, {len(r.failed)} failing)", flush=True)
    return results, "conformance"


def _matrix(args, base: str) -> tuple[list[RunResult], str] | int:
    names = fault_names()
    if args.only:
        wanted = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in wanted if n not in names and n != CONFORMANT]
        if unknown:
            print(f"unknown fault(s): {', '.join(unknown)}; known: {', '.join(names)}", file=sys.stderr)
            return 2
        names = [n for n in names if n in wanted]
    missing = [n for n in names if n not in REDUCED]
    if args.reduced and missing:
        print(f"faults without a reduced subset in REDUCED: {', '.join(missing)}", file=sys.stderr)
        return 2
    timeout = args.timeout or (180.0 if args.reduced else 1200.0)
    backends = dev.BACKENDS if args.backend == "both" else (args.backend,)
    base_envs = {"sim": None}
    if "device" in backends:
        prefix = args.install
        if prefix is None:
            prefix = os.path.join(base, "install")
            print(f"building a CANN-shaped install into {prefix}", flush=True)
            dev.build_install(prefix)
        base_envs["device"] = dev.install_env(prefix)
    jobs = []                          # (fault, selection, env, timeout, backend)
    for backend in backends:
        if not args.no_conformant:
            if args.reduced:
                for key, sels in reduced_union(backend).items():
                    env = json.loads(key)
                    limit = timeout * (dev.TIMEOUT_FACTOR if backend == "device" else 1)
                    jobs.append((CONFORMANT, merge_selections(sels), env, limit, backend))
            else:
                jobs.append((CONFORMANT, ["suites/"], {}, timeout, backend))
                jobs.append((CONFORMANT, ["suites/"], SATURATION_SOC, timeout, backend))
        for name in names:
            if args.reduced:
                sel, env = dev.selection_for(name, backend, REDUCED)
                limit = REDUCED_TIMEOUT.get(name) or timeout * (dev.TIMEOUT_FACTOR if backend == "device" else 1)
                jobs.append((name, list(sel), env, limit, backend))
            else:
                env = REDUCED.get(name, ((), {}))[1]
                limit = timeout if args.timeout else FULL_TIMEOUT.get(name, timeout)
                jobs.append((name, ["suites/"], env, limit, backend))
    # longest first keeps both slots busy
    order = sorted(range(len(jobs)), key=lambda i: -_cost(jobs[i], args.reduced))
    results: list[RunResult | None] = [None] * len(jobs)

    def work(i):
        fault, sel, env, limit, backend = jobs[i]
        # reduced: serial runs (a crash ends the run; the last started test is the culprit);
        # full: -n 1, so that a crash costs one test and the count of failing tests stays exact
        r = run_one(fault, list(sel), env, limit, base, xdist="0" if args.reduced else "1",
                    backend=backend, base_env=base_envs[backend])
        tag = "ok" if r.ok else "NOT OK"
        print(f"[{sum(x is not None for x in results) + 1}/{len(jobs)}] {backend:6s} {fault:30s} {tag:6s} "
              f"{r.how:8s} {len(r.failed):4d} failing  {r.seconds:5.0f} s", flush=True)
        results[i] = r

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(work, order))
    return [r for r in results if r is not None], "reduced" if args.reduced else "full"


def _cost(job, reduced: bool) -> float:
    fault, sel, env, limit, _backend = job
    if fault == CONFORMANT:
        return 1e9 + len(" ".join(sel))
    return limit if fault in ("kernel_hang", "sync_timeout_hangs") else (len(" ".join(sel)) if reduced else 0)


def merge_selections(sels: list[tuple[str, ...]]) -> list[str]:
    """One pytest selection for the union of several: their files, and one -k expression that
    keeps exactly the tests each selection keeps (a file by its module name, a node id by its
    test name, a -k selection as ``(module and (expr))``)."""
    files: list[str] = []
    terms: list[str] = []
    for sel in sels:
        args = list(sel)
        expr = None
        if "-k" in args:
            i = args.index("-k")
            expr = args[i + 1]
            del args[i:i + 2]
        for path in args:
            file, _, name = path.partition("::")
            if file not in files:
                files.append(file)
            term = name or os.path.splitext(os.path.basename(file))[0]
            term = f"({term} and ({expr}))" if expr else term
            if term not in terms:
                terms.append(term)
    # files in the suites' usual (sorted) order: the union is a conformance check, not an order test
    # (--conformance-runs shuffles on purpose)
    return sorted(files) + ["-k", " or ".join(terms)]


def run(args) -> int:
    out = os.path.join(ROOT, args.json) if not os.path.isabs(args.json) else args.json
    problem = check_output_path(out, args.force)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    base = tempfile.mkdtemp(prefix="aclop-faults-")
    start = time.monotonic()
    try:
        if args.conformance_runs:
            results, mode = _conformance(args, base)
        else:
            got = _matrix(args, base)
            if isinstance(got, int):
                return got
            results, mode = got
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    seconds = time.monotonic() - start
    print()
    print(format_table(results))
    if any(r.backend == "device" for r in results) and mode != "conformance":
        print()
        print(dev.side_by_side(results))
    summary = summarize(results)
    print()
    print(f"{mode} matrix in {seconds:.0f} s: harmful detected {summary['harmful_detected']}/{summary['harmful']}, "
          f"benign detected {summary['benign_detected']}/{summary['benign']}, conformant runs failed "
          f"{summary['conformant_failed']}/{summary['conformant_runs']}")
    if summary["survivors"]:
        print(f"SURVIVING harmful faults: {', '.join(summary['survivors'])}")
    if summary["false_alarms"]:
        print(f"FALSE ALARMS: {', '.join(summary['false_alarms'])}")
    if args.keep:
        print(f"run directories kept under {base}")
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(to_json(results, mode, seconds), f, indent=2)
    print(f"JSON: {out}")
    return 0 if not summary["survivors"] and not summary["false_alarms"] else 1
