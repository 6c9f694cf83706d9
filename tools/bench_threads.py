"""``python -m harness bench-threads``: executions per second for 1, 2 and 4 threads, each thread
with its own stream (the EWH-10 pattern), measured side by side in one run.

Each thread launches a small Add ``--launches`` times on its own stream with its own handle and
buffers and synchronises once at the end; the time runs from a barrier that releases all threads
to the last thread's sync. Each thread count is measured ``--repeat`` times, interleaved
(1, 2, 4, 1, 2, 4, ...) so drift hits them alike; the best round counts. Speed-up = executions
per second relative to 1 thread.
"""
from __future__ import annotations

import json
import os
import platform
import sys
import threading
import time

import numpy as np

from .info import add_backend_options, open_session


def add_parser(sub) -> None:
    p = sub.add_parser("bench-threads", help="executions/s for 1, 2, 4 threads, one stream each")
    add_backend_options(p)
    p.add_argument("--threads", default="1,2,4", help="comma-separated thread counts (default 1,2,4)")
    p.add_argument("--launches", type=int, default=20000, help="launches per thread (default 20000)")
    p.add_argument("--repeat", type=int, default=5, help="rounds per thread count; best counts (default 5)")
    p.add_argument("--shape", default="16,16", help="Add operand shape (default 16,16)")
    p.add_argument("--dtype", default="float32")
    p.add_argument("--device-id", type=int, default=0)
    p.add_argument("--json", default=None, metavar="PATH", help="write the results as JSON")


def _worker_kit(acl, scope, spec, shape, dtype, seed):
    from harness.acl import DataBuffer, DeviceMemory
    rng = np.random.default_rng(seed)
    x1 = rng.uniform(-4, 4, size=shape).astype(dtype)
    x2 = rng.uniform(-4, 4, size=shape).astype(dtype)
    bufs, mems = [], []
    for arr in (x1, x2, np.zeros(shape, dtype)):
        mem = scope.add(DeviceMemory(acl, arr.nbytes))
        mem.write(arr)
        mems.append(mem)
        bufs.append(scope.add(DataBuffer.over(mem)))
    handle = scope.add(spec.create_handle(acl))
    return handle, bufs[:2], bufs[2:], x1 + x2, mems[2]


def measure(acl, ctx, kits, launches: int) -> float:
    """One round: len(kits) threads, ``launches`` each, one sync at the end; seconds."""
    from harness.acl import Stream
    n = len(kits)
    barrier = threading.Barrier(n + 1)
    done = threading.Barrier(n + 1)
    errors: list[str] = []

    def work(i):
        try:
            acl.call("aclrtSetCurrentContext", ctx)
            handle, ins, outs = kits[i][:3]
            with Stream(acl) as s:
                barrier.wait()
                for _ in range(launches):
                    code = handle.launch_code(ins, outs, s.ptr)
                    if code:
                        raise RuntimeError(f"launch returned {code}: {acl.recent_error_message()}")
                s.synchronize()
                done.wait()
        except BaseException as exc:       # noqa: BLE001 - reported by the caller
            errors.append(f"thread {i}: {exc}")
            barrier.abort()
            done.abort()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    try:
        barrier.wait()
        start = time.perf_counter()
        done.wait()
        elapsed = time.perf_counter() - start
    except threading.BrokenBarrierError:
        elapsed = float("nan")
    for t in threads:
        t.join()
    if errors:
        raise RuntimeError("; ".join(errors))
    return elapsed


def run(args) -> int:
    from harness.acl import Device, Scope, current_context
    from harness.models import OpSpec, tensor
    counts = [int(c) for c in args.threads.split(",") if c.strip()]
    shape = tuple(int(d) for d in args.shape.split(","))
    dtype = np.dtype(args.dtype)
    session = open_session(args)
    if session is None:
        return 4
    if not session.acl.is_simulator:
        print("note: not the simulator: figures are this runtime's", file=sys.stderr)
    acl = session.acl
    try:
        with Device(acl, args.device_id), Scope() as scope:
            spec = OpSpec.make("Add", [tensor(args.dtype, shape), tensor(args.dtype, shape)],
                               [tensor(args.dtype, shape)])
            session.models().ensure(spec)
            ctx = current_context(acl)
            kits = [_worker_kit(acl, scope, spec, shape, dtype, seed=i) for i in range(max(counts))]
            measure(acl, ctx, kits[:1], min(args.launches, 50))      # warm-up
            best: dict[int, float] = {}
            for _ in range(args.repeat):
                for n in counts:
                    t = measure(acl, ctx, kits[:n], args.launches)
                    best[n] = min(best.get(n, float("inf")), t)
            for i, kit in enumerate(kits):                      # the work was real
                got = kit[4].read_array(dtype, shape)
                if not np.allclose(got, kit[3], rtol=1e-3, atol=1e-3):
                    print(f"harness: error: thread {i}'s output differs from x1 + x2", file=sys.stderr)
                    return 1
    finally:
        session.close()
    base = args.launches / best[counts[0]] if counts[0] == 1 else None
    rows = []
    for n in counts:
        eps = n * args.launches / best[n]
        rows.append({"threads": n, "launches_per_thread": args.launches, "seconds": round(best[n], 6),
                     "executions_per_second": round(eps, 1),
                     "speedup_vs_1_thread": round(eps / base, 3) if base else None})
    print(f"bench-threads: Add {args.dtype}{list(shape)}, {args.launches} launches per thread, "
          f"one stream per thread, one sync at the end, best of {args.repeat}")
    print(f"{'threads':>7}  {'seconds':>9}  {'exec/s':>12}  {'speed-up':>8}")
    for r in rows:
        sp = f"{r['speedup_vs_1_thread']:.2f}x" if r["speedup_vs_1_thread"] is not None else "-"
        print(f"{r['threads']:>7}  {r['seconds']:>9.4f}  {r['executions_per_second']:>12,.0f}  {sp:>8}")
    if args.json:
        doc = {"benchmark": "bench-threads", "backend": session.backend, "soc": session.soc,
               "product": session.product.id, "op": "Add", "dtype": args.dtype, "shape": list(shape),
               "repeat": args.repeat, "cpu_count": os.cpu_count(), "python": platform.python_version(),
               "results": rows}
        os.makedirs(os.path.dirname(os.path.abspath(args.json)), exist_ok=True)
        with open(args.json, "w") as f:
            json.dump(doc, f, indent=1)
        print(f"wrote {args.json}")
    return 0

