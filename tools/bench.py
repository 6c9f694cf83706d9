"""``python -m harness bench``: what the harness itself costs, measured side by side in one run.

Every figure is paired with a baseline measured in the same run on the same machine, and the
ratio is what matters (these machines are noisy):

- launch: ns per aclopExecWithHandle through the raw binding and through the typed path, against
  a tight C loop calling the same library (simulator/bench/launch_loop.c, built here with cc);
- suites: cases per second for the contract, numeric and full suites, serially and with -n 2,
  against pytest's own floor (a parametrized test asserting a constant, the same case count);
- onnx: the full suites side by side with the ONNX backend node tests on onnxruntime, alternating
  in one run (needs ``pip install onnx onnxruntime``; not a dependency of the project);
- kernels: simulator bandwidth/GFLOP/s against numpy for Add, MatMul and Softmax;
- memory: peak RSS of a full suite run on one product.
"""
from __future__ import annotations

import itertools
import json
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

from . import ROOT
from .info import add_backend_options, open_session

SECTIONS = ("launch", "kernels", "suites", "onnx", "memory")


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="benchmark the harness, the suites and the simulator (ratios)")
    add_backend_options(p)
    p.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated subset of {', '.join(SECTIONS)}")
    p.add_argument("--calls", type=int, default=200_000, help="launches per launch-overhead measurement")
    p.add_argument("--json", dest="json_path", default=None, help="also write the results as JSON here")
    p.add_argument("--repeats", type=int, default=2,
                   help="runs of each kind in the suites and onnx sections, alternating; the best counts (default 2)")


# ---------------------------------------------------------------------------------- launch
def _compile_add_model(session) -> tuple:
    """The 1-element float32 Add, compiled: (its model path, its OpSpec)."""
    from harness.models import OpSpec, tensor
    spec = OpSpec.make("Add", [tensor("float32", (1,)), tensor("float32", (1,))], [tensor("float32", (1,))])
    store = session.models()
    store.ensure(spec)
    return store.path_of(spec), spec


def _c_loop_ns(lib_path: str, model: str, calls: int, batch: int) -> float:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        raise RuntimeError("no C compiler (cc) to build the C launch loop")
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "launch_loop")
        src = os.path.join(ROOT, "simulator", "bench", "launch_loop.c")
        subprocess.run([cc, "-O2", "-std=c11", "-D_GNU_SOURCE", f"-I{ROOT}/simulator/include", src, lib_path,
                        f"-Wl,-rpath,{os.path.dirname(lib_path)}", "-o", exe], check=True)
        out = subprocess.run([exe, model, str(calls), str(batch)], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[1])


def bench_launch(session, calls: int) -> dict:
    from harness.acl import DataBuffer, DeviceMemory, Stream
    from harness.raw import pointer_array
    acl = session.acl
    model, spec = _compile_add_model(session)
    batch = 1000
    lib_path = session.libs.paths[0]
    handle = spec.create_handle(acl)
    stream = Stream(acl)
    mems = [DeviceMemory(acl, 4) for _ in range(3)]
    bufs = [DataBuffer.over(m) for m in mems]
    raw_fn, sync = acl.raw.aclopExecWithHandle, acl.raw.aclrtSynchronizeStream
    ins, outs = pointer_array([bufs[0].ptr, bufs[1].ptr]), pointer_array([bufs[2].ptr])
    h, s = handle.ptr, stream.ptr

    def raw_loop(n):
        t0 = time.perf_counter()
        for i in range(n):
            if raw_fn(h, 2, ins, 1, outs, s):
                raise RuntimeError(acl.recent_error_message())
            if (i + 1) % batch == 0:
                sync(s)
        sync(s)
        return (time.perf_counter() - t0) / n * 1e9

    def typed_loop(n):
        t0 = time.perf_counter()
        for i in range(n):
            handle.launch(bufs[:2], bufs[2:], s)
            if (i + 1) % batch == 0:
                stream.synchronize()
        stream.synchronize()
        return (time.perf_counter() - t0) / n * 1e9

    # interleave the three so drift on a noisy machine hits each equally; keep the best of 3
    raw_ns, typed_ns, c_ns = [], [], []
    for _ in range(3):
        c_ns.append(_c_loop_ns(lib_path, model, calls, batch))
        raw_ns.append(raw_loop(calls))
        typed_ns.append(typed_loop(calls // 4))
    for r in bufs + mems + [stream, handle]:
        r.close()
    c, raw, typed = min(c_ns), min(raw_ns), min(typed_ns)
    return {"c_loop_us": c / 1e3, "raw_binding_us": raw / 1e3, "typed_us": typed / 1e3,
            "raw_over_c": raw / c, "typed_over_c": typed / c, "calls": calls}


# --------------------------------------------------------------------------------- kernels
def _time_device(acl, fn, reps: int) -> float:
    fn()
    acl.call("aclrtSynchronizeStream", None)
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    acl.call("aclrtSynchronizeStream", None)
    return (time.perf_counter() - t0) / reps


def _time_host(fn, reps: int) -> float:
    fn()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn()
    return (time.perf_counter() - t0) / reps


def bench_kernels(session) -> dict:
    import ml_dtypes  # noqa: F401  (bfloat16 registered for numpy)

    from harness.acl import DataBuffer, DeviceMemory, Scope
    from harness.models import OpSpec, TensorSpec, tensor
    acl, store = session.acl, session.models()
    results = {}
    rng = np.random.default_rng(0)

    def run_case(name, spec, arrays, numpy_fn, work, unit, reps):
        store.ensure(spec)
        with Scope() as sc:
            handle = sc.add(spec.create_handle(acl))
            ins = []
            for a in arrays:
                m = sc.add(DeviceMemory(acl, a.nbytes))
                m.write(a)
                ins.append(sc.add(DataBuffer.over(m)))
            ins += [sc.add(DataBuffer.null(acl)) for _ in spec.inputs[len(arrays):]]   # absent optionals
            out_spec = spec.outputs[0]
            n_out = int(np.prod(out_spec.shape)) * np.dtype(arrays[0].dtype).itemsize
            om = sc.add(DeviceMemory(acl, n_out))
            outs = [sc.add(DataBuffer.over(om))]
            # alternate the two, best of three each: drift on a shared machine hits both alike
            sim_ts, np_ts = [], []
            for _ in range(3):
                sim_ts.append(_time_device(acl, lambda: handle.launch(ins, outs, None), reps))
                np_ts.append(_time_host(numpy_fn, reps))
            sim_t, np_t = min(sim_ts), min(np_ts)
        results[name] = {f"sim_{unit}": work / sim_t / 1e9, f"numpy_{unit}": work / np_t / 1e9,
                         "sim_over_numpy": np_t / sim_t}

    n = 1 << 20
    for dt in ("float32", "float16"):
        a, b = rng.standard_normal(n).astype(dt), rng.standard_normal(n).astype(dt)
        c = np.empty_like(a)
        spec = OpSpec.make("Add", [tensor(dt, (n,)), tensor(dt, (n,))], [tensor(dt, (n,))])
        run_case(f"Add-{dt}-1M", spec, [a, b], lambda a=a, b=b, c=c: np.add(a, b, out=c), 3 * a.nbytes, "GBps", 20)
    for dt, size in (("float32", 512), ("float16", 1024)):
        x = rng.standard_normal((size, size)).astype(dt)
        y = rng.standard_normal((size, size)).astype(dt)
        spec = OpSpec.make("MatMulV2", [tensor(dt, (size, size)), tensor(dt, (size, size)), TensorSpec.absent(),
                                        TensorSpec.absent()], [tensor(dt, (size, size))],
                           {"transpose_x1": False, "transpose_x2": False})
        run_case(f"MatMulV2-{dt}-{size}^3", spec, [x, y], lambda x=x, y=y: x @ y, 2 * size ** 3, "GFLOPps", 2)
    x = rng.standard_normal((4096, 4096)).astype(np.float32)
    spec = OpSpec.make("SoftmaxV2", [tensor("float32", (4096, 4096))], [tensor("float32", (4096, 4096))],
                       {"axes": [-1]})

    def np_softmax(x=x):
        e = np.exp(x - x.max(axis=-1, keepdims=True))
        return e / e.sum(axis=-1, keepdims=True)
    try:
        run_case("SoftmaxV2-float32-4096x4096", spec, [x], np_softmax, 2 * x.nbytes, "GBps", 3)
    except Exception as exc:   # noqa: BLE001 - report, do not abort the other figures
        results["SoftmaxV2-float32-4096x4096"] = {"error": str(exc).splitlines()[0]}
    return results


# ---------------------------------------------------------------------------------- suites
FLOOR_TEST = """import pytest


@pytest.mark.parametrize("i", range({n}))
def test_floor(i):
    assert i == i
"""


# Every pytest run of the bench, on either side of a ratio, with Python's bytecode cache on, as a
# user's runs have it: PYTHONDONTWRITEBYTECODE (set in some CI images and sandboxes; pip then
# compiles nothing at install either) makes every run compile what it imports again: pytest
# itself on every side (about half of the floor's 1.3 s here), the project's modules too (about
# 0.3 s of the contract suites' 4 s). The cache goes under one directory of the bench's
# (PYTHONPYCACHEPREFIX), never into the tree; the first of the best-of-N runs of each kind fills it.
_PYCACHE: list[str] = []
# Every section's per-run outputs stay under one directory until the whole bench ends: deleting
# a section's tens of thousands of Allure files would slow the next section's file creation on
# some file systems (file_creation_ms), and so its figures.
_SCRATCH: list[str] = []


def scratch_root() -> str:
    if not _SCRATCH:
        _SCRATCH.append(tempfile.mkdtemp(prefix="aclop-bench-"))
    return _SCRATCH[0]


def bytecode_env() -> dict:
    """os.environ with the bytecode cache on, in the bench's own cache directory."""
    if not _PYCACHE:
        _PYCACHE.append(tempfile.mkdtemp(prefix="aclop-bench-pycache-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = _PYCACHE[0]
    return env


def drop_bytecode_cache() -> None:
    while _PYCACHE:
        shutil.rmtree(_PYCACHE.pop(), ignore_errors=True)


def drop_scratch() -> None:
    while _SCRATCH:
        shutil.rmtree(_SCRATCH.pop(), ignore_errors=True)


def file_creation_ms(directory: str, n: int = 300) -> dict:
    """What creating one small file costs in ``directory`` (where the per-run outputs go), as
    allure does it (a temporary name, then a rename): median wall and mean kernel CPU, ms.

    Not a property of the harness, but part of every suite run's figures (two files per test:
    its result and its fixtures' container; the floor writes none): on ext4 without a journal,
    creating a file within 60-360 s of many files being deleted on the same file system costs
    up to about 1 ms of kernel CPU (the inode allocator checks each recently deleted inode it
    passes, fs/ext4/ialloc.c recently_deleted), against about 0.05 ms otherwise. Printed so that
    two bench runs can be told apart by their disk, not only by the harness."""
    probe = tempfile.mkdtemp(prefix="file-probe-", dir=directory)
    text = "x" * 3000
    walls = []
    before = resource.getrusage(resource.RUSAGE_SELF).ru_stime
    try:
        for i in range(n):
            path = os.path.join(probe, f"{i:08x}-result.json")
            t0 = time.perf_counter()
            with open(path + ".tmp", "w") as f:
                f.write(text)
            os.replace(path + ".tmp", path)
            walls.append(time.perf_counter() - t0)
        kernel = resource.getrusage(resource.RUSAGE_SELF).ru_stime - before
    finally:
        shutil.rmtree(probe, ignore_errors=True)
    walls.sort()
    return {"directory": directory, "median_ms": walls[n // 2] * 1e3, "kernel_cpu_ms": kernel / n * 1e3}


def _pytest(args: list[str], cwd: str = ROOT) -> tuple[float, subprocess.CompletedProcess, str]:
    """One ``pytest -q`` run: wall seconds (interpreter start to exit), the process, its last line."""
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=cwd,
                          capture_output=True, text=True, env=bytecode_env())
    wall = time.perf_counter() - t0
    lines = proc.stdout.strip().splitlines()
    return wall, proc, lines[-1] if lines else ""


def _pytest_run(args: list[str], cwd: str) -> tuple[float, int]:
    """Wall seconds of one pytest run (interpreter start to exit) and the number of tests it ran."""
    wall, proc, tail = _pytest(args, cwd)
    words = tail.replace(",", " ").split()
    count = sum(int(tok) for tok, word in zip(words, words[1:])
                if tok.isdigit() and word in ("passed", "skipped", "failed", "xfailed", "collected", "tests"))
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"pytest {' '.join(args)} exited {proc.returncode}: {tail}\n{proc.stderr[-2000:]}")
    return wall, count


def _count(args: list[str]) -> int:
    proc = _pytest(["--collect-only", *args])[1]
    return sum(1 for line in proc.stdout.splitlines() if "::" in line)


def _write_floor(tmp: str, name: str, n: int) -> str:
    """A floor of n trivial cases in its own directory under tmp; its path."""
    path = os.path.join(tmp, f"floor_{name}", "test_floor.py")
    os.makedirs(os.path.dirname(path))
    with open(path, "w") as f:
        f.write(FLOOR_TEST.format(n=n))
    return path


def bench_suites(repeats: int = 2) -> dict:
    """Each suite against a floor of the SAME number of trivial cases, interleaved, best of
    ``repeats``. The end-to-end ratio (the goal's) includes what only the suite pays once: the
    harness session, the library, importing the catalogs, collecting. A ``--collect-only`` run
    gives the suite's start-up and collection, and a 300- vs 3000-case floor pytest's own cost
    per case, so the per-case cost after collection is compared too."""
    out = {}
    tmp = tempfile.mkdtemp(prefix="suites-", dir=scratch_root())     # removed with the bench's scratch
    run_ids = itertools.count(1)

    def scratch() -> str:          # per-run outputs are part of a suite run's cost: keep them,
        return os.path.join(tmp, f"run{next(run_ids)}")    # but here, not in reports/out/

    def floor_outputs():
        d = scratch()
        return ["--junitxml", os.path.join(d, "junit.xml"), "--alluredir", os.path.join(d, "allure-results")]

    def report_dir():
        return ["--report-dir", scratch()]

    # pytest's own cost per trivial case: the slope between a 300- and a 3000-case floor
    # (a difference of two short runs of the same size would be lost in start-up noise)
    slope_runs = {}
    for size in (300, 3000):
        path = _write_floor(tmp, str(size), size)
        slope_runs[size] = min(_pytest_run([path, "-p", "no:xdist"], tmp)[0] for _ in range(repeats))
    floor_ms = (slope_runs[3000] - slope_runs[300]) / 2700 * 1e3
    out["pytest_floor_ms_per_case"] = floor_ms

    for name, marker in (("contract", "not numeric"), ("numeric", "numeric"), ("full", None)):
        suite = ["suites/", "-m", marker] if marker else ["suites/"]
        n = _count(suite)
        floor = _write_floor(tmp, name, n)
        best: dict[str, float] = {}
        for _ in range(repeats):
            for key, args, cwd in (
                    ("floor_serial", [floor, "-p", "no:xdist"], tmp),
                    # the same floor writing what every suite run must (junit.xml, allure)
                    ("floor_outputs", [floor, "-p", "no:xdist", *floor_outputs()], tmp),
                    ("serial", [*suite, "-p", "no:xdist", *report_dir()], ROOT),
                    ("collect_only", [*suite, "-p", "no:xdist", "--collect-only"], ROOT),
                    ("floor_n2", [floor, "-n", "2"], tmp),
                    ("n2", [*suite, "-n", "2", *report_dir()], ROOT)):
                wall, count = _pytest_run(args, cwd)
                if key != "collect_only" and count != n:
                    raise RuntimeError(f"{name} {key}: ran {count} tests, collected {n}")
                best[key] = min(best.get(key, float("inf")), wall)
        tests_phase = max(best["serial"] - best["collect_only"], 1e-9)
        out[name] = {
            "cases": n, "seconds": best,
            "serial_cases_per_s": n / best["serial"], "n2_cases_per_s": n / best["n2"],
            "floor_serial_cases_per_s": n / best["floor_serial"], "floor_n2_cases_per_s": n / best["floor_n2"],
            "floor_with_outputs_cases_per_s": n / best["floor_outputs"],
            "serial_over_floor_with_outputs": best["floor_outputs"] / best["serial"],
            "serial_over_floor": best["floor_serial"] / best["serial"],
            "n2_over_serial": best["serial"] / best["n2"],
            "floor_n2_over_serial": best["floor_serial"] / best["floor_n2"],
            "startup_and_collection_s": best["collect_only"],
            "ms_per_case_after_collection": tests_phase / n * 1e3,
            "per_case_over_floor": floor_ms / (tests_phase / n * 1e3),
        }
    return out


# ---------------------------------------------------------------------------------- memory
def bench_memory() -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    wall, _, tail = _pytest(["suites/", "-n", "2"])
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {"peak_rss_mib": peak_kib / 1024, "previous_children_peak_mib": before / 1024,
            "full_suites_n2_seconds": wall, "result": tail}


# ------------------------------------------------------------------------------------- run
def _machine() -> dict:
    return {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "processor": platform.processor() or platform.machine(), "numpy": np.__version__}


def run(args) -> int:
    if args.repeats < 1:
        print(f"harness bench: error: --repeats: {args.repeats} (give 1 or more)", file=sys.stderr)
        return 2
    session = open_session(args)
    if session is None:
        return 4
    wanted = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(wanted) - set(SECTIONS))
    if unknown:
        print(f"harness bench: error: --only: unknown section(s) {', '.join(unknown)}", file=sys.stderr)
        return 2
    results = {"machine": _machine(), "library": session.libs.paths}
    try:
        session.acl.call("aclrtSetDevice", 0)
        if "launch" in wanted:
            results["launch"] = bench_launch(session, args.calls)
        if "kernels" in wanted:
            results["kernels"] = bench_kernels(session)
    finally:
        session.close()
    results["bytecode_cache"] = ("on for every pytest run (PYTHONPYCACHEPREFIX in a temporary directory"
                                 + ("; this environment's PYTHONDONTWRITEBYTECODE=1 is lifted for them)"
                                    if os.environ.get("PYTHONDONTWRITEBYTECODE") else ")"))
    if any(k in wanted for k in ("suites", "onnx", "memory")):
        results["file_creation"] = file_creation_ms(scratch_root())
    try:
        if "suites" in wanted:
            results["suites"] = bench_suites(args.repeats)
        if "onnx" in wanted:
            from .bench_onnx import bench_onnx
            results["onnx"] = bench_onnx(_pytest_run, args.repeats, tmp_root=scratch_root())
        if "memory" in wanted:
            results["memory"] = bench_memory()
        if "file_creation" in results:
            results["file_creation_at_end"] = file_creation_ms(scratch_root())
    finally:
        drop_bytecode_cache()
        drop_scratch()
    print(format_table(results))
    if args.json_path:
        with open(args.json_path, "w") as f:
            json.dump(results, f, indent=2)
    return 0


def format_table(r: dict) -> str:
    lines = [f"machine: {r['machine']}"]
    if any(k in r for k in ("suites", "onnx", "memory")):
        lines.append(f"bytecode cache: {r['bytecode_cache']}")
    for key, when in (("file_creation", "before"), ("file_creation_at_end", "after")):
        if key in r:
            fc = r[key]
            lines.append(f"creating a file where the runs write (two per test), {when} the runs: "
                         f"{fc['median_ms']:.3f} ms, {fc['kernel_cpu_ms']:.3f} ms of it in the kernel "
                         f"(about 0.05 on a quiet disk; docs/PERFORMANCE.md)")
    if "launch" in r:
        lo = r["launch"]
        lines += ["", "launch overhead (1-element Add, idle stream)", f"  C loop        {lo['c_loop_us']:8.2f} us/call",
                  f"  raw binding   {lo['raw_binding_us']:8.2f} us/call   x{lo['raw_over_c']:.2f} of C  (goal <= 3)",
                  f"  typed path    {lo['typed_us']:8.2f} us/call   x{lo['typed_over_c']:.2f} of C  (goal <= 10)"]
    if "kernels" in r:
        lines += ["", "simulator kernels vs numpy (same machine, same run)"]
        for name, k in r["kernels"].items():
            if "error" in k:
                lines.append(f"  {name:32s} error: {k['error']}")
                continue
            unit = next(key for key in k if key.startswith("sim_") and key != "sim_over_numpy")
            u = unit[4:]
            lines.append(f"  {name:32s} sim {k[unit]:8.2f} {u:7s} numpy {k['numpy_' + u]:8.2f}   "
                         f"ratio {k['sim_over_numpy']:.2f}")
    if "suites" in r:
        lines += ["", "suites against pytest's floor (a parametrized test asserting a constant, same case count)"]
        for name in ("contract", "numeric", "full"):
            x = r["suites"][name]
            lines += [f"  {name} ({x['cases']} cases)",
                      f"    serial  {x['serial_cases_per_s']:7.1f} cases/s   floor {x['floor_serial_cases_per_s']:7.1f}/s"
                      f"   ratio {x['serial_over_floor']:.2f}  (goal >= 0.5 for contract)",
                      f"            floor writing junit.xml + allure-results: {x['floor_with_outputs_cases_per_s']:7.1f}/s"
                      f"   ratio {x['serial_over_floor_with_outputs']:.2f}",
                      f"    -n 2    {x['n2_cases_per_s']:7.1f} cases/s   x{x['n2_over_serial']:.2f} of serial"
                      f"  (goal >= 1.6 for contract; the floor gets x{x['floor_n2_over_serial']:.2f})",
                      f"    start-up + collection {x['startup_and_collection_s']:.2f} s, then "
                      f"{x['ms_per_case_after_collection']:.2f} ms per case (pytest's own: "
                      f"{r['suites']['pytest_floor_ms_per_case']:.2f} ms, ratio {x['per_case_over_floor']:.2f})"]
    if "onnx" in r:
        from .bench_onnx import format_onnx
        lines += ["", *format_onnx(r["onnx"])]
    if "memory" in r:
        m = r["memory"]
        lines += ["", f"full suites, -n 2: {m['full_suites_n2_seconds']:.1f} s, peak RSS {m['peak_rss_mib']:.0f} MiB "
                      f"({m['result']})"]
    return "\n".join(lines)
