"""``python -m harness bench --only onnx``: the full suites side by side with the ONNX backend
node tests on onnxruntime, alternating in one run (docs/PERFORMANCE.md says how and why).

The ONNX side is onnx's own backend test runner (``onnx.backend.test.BackendTest``) driving
``onnxruntime.backend``, node tests only (``OnnxBackendNodeModelTest``) on the CPU device,
``--tb=no``, as its projects run it. BackendTest makes every node test twice, ``_cpu`` and
``_cuda``; the ``_cuda`` half (1884 of 3768 with onnx 1.23) is skipped at once on a host without
CUDA, so counting it would halve the ONNX side's cost per case: ``-k`` keeps the ``_cpu`` half. It needs ``pip install onnx onnxruntime`` in the venv; without them the section
says so and measures nothing.
"""
from __future__ import annotations

import contextlib
import os
import tempfile

from . import ROOT

ONNX_TEST = '''import onnx.backend.test
import onnxruntime.backend as backend

backend_test = onnx.backend.test.BackendTest(backend, __name__)
globals().update(backend_test.enable_report().test_cases)
'''
SELECT = "OnnxBackendNodeModelTest and _cpu"     # the node tests on onnxruntime's CPU provider
GOAL = 1.5          # issue 21: the full suites' per-case rate >= 1.5x the ONNX node tests'


def bench_onnx(pytest_run, repeats: int = 2, tmp_root: str | None = None) -> dict:
    """Best of ``repeats`` of each side, alternating; per-run outputs under ``tmp_root`` (kept:
    the bench removes its scratch at its end), or a temporary directory of its own."""
    try:
        import onnx
        import onnxruntime
    except ImportError as exc:
        return {"error": f"{exc.name} is not installed: pip install onnx onnxruntime (into the venv)"}
    best: dict[str, tuple[float, int]] = {}
    with (contextlib.nullcontext(tempfile.mkdtemp(prefix="onnx-", dir=tmp_root)) if tmp_root
          else tempfile.TemporaryDirectory()) as tmp:
        path = os.path.join(tmp, "test_onnx_backend.py")
        with open(path, "w") as f:
            f.write(ONNX_TEST)
        runs = {
            "onnx_serial": ([path, "-k", SELECT, "--tb=no", "-p", "no:xdist"], tmp),
            "onnx_n2": ([path, "-k", SELECT, "--tb=no", "-n", "2"], tmp),
            "suites_serial": (["suites/", "-p", "no:xdist"], ROOT),
            "suites_n2": (["suites/", "-n", "2"], ROOT),
        }
        for repeat in range(repeats):
            for key, (args, cwd) in runs.items():      # alternating: one side, then the other
                if key.startswith("suites"):           # a fresh report directory per run: a
                    args = [*args, "--report-dir", os.path.join(tmp, f"{key}-{repeat}")]   # used one is refused
                wall, count = pytest_run(args, cwd)
                if key not in best or wall < best[key][0]:
                    best[key] = (wall, count)
    rate = {k: n / w for k, (w, n) in best.items()}
    return {"onnx": onnx.__version__, "onnxruntime": onnxruntime.__version__, "repeats": repeats,
            "cases": {k: n for k, (_, n) in best.items()}, "seconds": {k: w for k, (w, _) in best.items()},
            "cases_per_s": rate,
            "serial_ratio": rate["suites_serial"] / rate["onnx_serial"],
            "n2_ratio": rate["suites_n2"] / rate["onnx_n2"]}


def format_onnx(x: dict) -> list[str]:
    if "error" in x:
        return [f"ONNX backend node tests: not measured ({x['error']})"]
    r, c = x["cases_per_s"], x["cases"]
    lines = [f"full suites against the ONNX backend node tests on onnxruntime {x['onnxruntime']} "
             f"(onnx {x['onnx']}), alternating, best of {x.get('repeats', 2)}"]
    for mode, key in (("serial", "serial"), ("-n 2", "n2")):
        ratio = x[f"{key}_ratio"]
        lines.append(f"  {mode:6s}  suites {r['suites_' + key]:7.1f} cases/s ({c['suites_' + key]})   "
                     f"onnx {r['onnx_' + key]:7.1f} cases/s ({c['onnx_' + key]})   ratio {ratio:.2f}  "
                     f"(goal >= {GOAL}: {'met' if ratio >= GOAL else 'not met'})")
    return lines
