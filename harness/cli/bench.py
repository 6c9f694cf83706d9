"""``python -m harness bench``: what the harness itself costs, measured side by side in one run.

Every figure is paired with a baseline measured in the same run on the same machine, and the
ratio is what matters (these machines are noisy):

- launch: ns per aclopExecWithHandle through the raw binding and through the typed path, against
  a tight C loop calling the same library (simulator/bench/launch_loop.c, built here with cc);
- suites: cases per second for the contract and numeric suites, serially and with -n 2, against
  pytest's own floor (a parametrized test asserting a constant);
- kernels: simulator bandwidth/GFLOP/s against numpy for Add, MatMul and Softmax;
- memory: peak RSS of a full suite run on one product.
"""
from __future__ import annotations

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

from .info import add_backend_options, open_session

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SECTIONS = ("launch", "kernels", "suites", "memory")


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="benchmark the harness, the suites and the simulator (ratios)")
    add_backend_options(p)
    p.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated subset of {', '.join(SECTIONS)}")
    p.add_argument("--calls", type=int, default=200_000, help="launches per launch-overhead measurement")
    p.add_argument("--json", dest="json_path", default=None, help="also write the results as JSON here")


# ---------------------------------------------------------------------------------- launch
def _compile_add_model(session) -> str:
    from ..models import OpSpec, tensor
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
    from ..acl import DataBuffer, DeviceMemory, Stream
    from ..raw import pointer_array
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

    from ..acl import DataBuffer, DeviceMemory, Scope
    from ..models import OpSpec, tensor
    acl, store = session.acl, session.models()
    results = {}
    rng = np.random.default_rng(0)

    def run_case(name, spec, arrays, numpy_fn, work, unit, reps):
        store.ensure(spec)
        with Scope() as sc:
            handle = sc.add(spec.create_handle(acl))
            ins = [sc.add(DataBuffer.null(acl)) for t in spec.inputs[len(arrays):]]
            for a in reversed(arrays):
                m = sc.add(DeviceMemory(acl, a.nbytes))
                m.write(a)
                ins.insert(0, sc.add(DataBuffer.over(m)))
            out_spec = spec.outputs[0]
            n_out = int(np.prod(out_spec.shape)) * np.dtype(arrays[0].dtype).itemsize
            om = sc.add(DeviceMemory(acl, n_out))
            outs = [sc.add(DataBuffer.over(om))]
            sim_t = _time_device(acl, lambda: handle.launch(ins, outs, None), reps)
        np_t = _time_host(numpy_fn, reps)
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
        from ..models import TensorSpec
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
def _pytest_rate(args: list[str], cwd: str, env: dict) -> tuple[float, int]:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args], cwd=cwd,
                          env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    tail = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    count = sum(int(tok) for tok, word in zip(tail.split(), tail.split()[1:])
                if tok.isdigit() and word.rstrip(",") in ("passed", "skipped", "failed", "xfailed"))
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"pytest {' '.join(args)} exited {proc.returncode}: {tail}")
    return count / wall, count


def bench_suites(session) -> dict:
    env = dict(os.environ)
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        floor = os.path.join(tmp, "test_floor.py")
        with open(floor, "w") as f:
            f.write("import pytest\n\n@pytest.mark.parametrize('i', range(3000))\n"
                    "def test_floor(i):\n    assert i == i\n")
        floor_serial, _ = _pytest_rate([floor, "-p", "no:xdist"], tmp, env)
        floor_par, _ = _pytest_rate([floor, "-n", "2"], tmp, env)
    out["pytest_floor_cases_per_s"] = {"serial": floor_serial, "n2": floor_par}
    for name, marker in (("contract", "not numeric"), ("numeric", "numeric")):
        serial, count = _pytest_rate(["suites/", "-m", marker, "-p", "no:xdist"], ROOT, env)
        par, _ = _pytest_rate(["suites/", "-m", marker, "-n", "2"], ROOT, env)
        out[name] = {"cases": count, "serial_cases_per_s": serial, "n2_cases_per_s": par,
                     "serial_over_floor": serial / floor_serial, "n2_over_serial": par / serial}
    return out


# ---------------------------------------------------------------------------------- memory
def bench_memory(session) -> dict:
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "suites/", "-q", "-p", "no:cacheprovider", "-n", "2"],
                          cwd=ROOT, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    tail = proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else ""
    return {"peak_rss_mib": peak_kib / 1024, "previous_children_peak_mib": before / 1024,
            "full_suites_n2_seconds": wall, "result": tail}


# ------------------------------------------------------------------------------------- run
def _machine() -> dict:
    return {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "processor": platform.processor() or platform.machine(), "numpy": np.__version__}


def run(args) -> int:
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
    if "suites" in wanted:
        results["suites"] = bench_suites(session)
    if "memory" in wanted:
        results["memory"] = bench_memory(session)
    print(format_table(results))
    if args.json_path:
        with open(args.json_path, "w") as f:
            json.dump(results, f, indent=2)
    return 0


def format_table(r: dict) -> str:
    lines = [f"machine: {r['machine']}"]
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
        s = r["suites"]
        f = s["pytest_floor_cases_per_s"]
        lines += ["", f"pytest floor: {f['serial']:.0f} cases/s serial, {f['n2']:.0f} with -n 2"]
        for name in ("contract", "numeric"):
            x = s[name]
            lines.append(f"  {name:9s} {x['cases']:5d} cases: {x['serial_cases_per_s']:7.0f}/s serial "
                         f"({x['serial_over_floor']:.2f} of floor), {x['n2_cases_per_s']:7.0f}/s -n 2 "
                         f"(x{x['n2_over_serial']:.2f})")
    if "memory" in r:
        m = r["memory"]
        lines += ["", f"full suites, -n 2: {m['full_suites_n2_seconds']:.1f} s, peak RSS {m['peak_rss_mib']:.0f} MiB "
                      f"({m['result']})"]
    return "\n".join(lines)
