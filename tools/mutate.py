"""``python -m harness mutate``: the output-corruption matrix of the numeric suites.

Runs every numeric case of the catalog (fixtures/catalog/) on the simulator once, in this
process, and keeps its outputs (the suites judge them correct: a case whose conformant output
fails is reported and left out). Then, for every corruption kind of reference/corruptions.py,
corrupts those outputs and judges them with the suites' own judgement (``catalog.judge``, the
function suites/test_numerics.py calls):

- a *harmful* kind must be caught in at least its goal (99 %) of the cases whose output it
  changes, documented exemptions (``EXEMPT``: a case where the standard grants the deviation)
  counted apart;
- a *benign* kind (a deviation within the product's standard) must never be caught.

``--faults a,b`` also runs the cases under each simulator fault switch (a child process with
``ACLSIM_FAULTS=<fault>``) and reports, per fault, the cases whose output the fault changes and
how many of those the judgement fails (goal ``--fault-goal``, 90 %).

``--reduced`` (CI): no large (> 1M element) samples, and every third remaining case of each op
and dtype (probes and special-value cases always). Exit code 1 when a harmful kind or a fault is under its goal or a
benign kind is caught, 2 on usage errors, 4 when the runtime cannot be opened.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict

import numpy as np

from .info import add_backend_options, open_session

DEFAULT_JSON = os.path.join("reports", "out", "mutate.json")
FAULT_GOAL = 0.90


def _within_one_element_allowance(case, outs, got) -> bool:
    """ulp class, float16/bfloat16: at most max(1, 0.1 %) elements changed, each by one ulp —
    what the standard grants (faithful rounding of that many elements, reference/standards.py)."""
    from reference.standards import ULP_BOUNDS
    if case.op.tolerance != "ulp" or case.dtype not in ("float16", "bfloat16"):
        return False
    _, _, allow, allow_min, _ = ULP_BOUNDS[case.dtype]
    for i, d, _, v in _changed_elements(outs, got):
        if d.size > max(allow_min, int(allow * np.isfinite(outs[i].astype(np.float64)).sum())):
            return False
        y, z = outs[i].ravel(), got[i].ravel()
        if d.size and not np.all(np.nextafter(y[d], z[d]).astype(np.float64) == v[d]):
            return False
    return True


def _changed_elements(outs, got):
    for i, (y, z) in enumerate(zip(outs, got)):
        w, v = y.astype(np.float64).ravel(), z.astype(np.float64).ravel()
        yield i, np.flatnonzero(~((w == v) | (np.isnan(w) & np.isnan(v)))), w, v


def _on_exact_ties(case, outs, got) -> bool:
    """accumulate class: every changed element's exact value lies exactly halfway between two
    values of the output dtype, and the corrupted one is the other neighbour (0.5 ulp away)."""
    from fixtures import catalog
    from reference.compare import ulp_of
    if case.op.tolerance != "accumulate":
        return False
    exact = catalog.exact_values(case)
    for i, d, w, v in _changed_elements(outs, got):
        if not d.size:
            continue
        if exact[i] is None:
            return False
        x = np.asarray(exact[i], np.float64).ravel()[d]
        half = ulp_of(x, str(outs[i].dtype)) / 2
        if not (np.all(np.abs(np.abs(x - w[d]) - half) == 0) and np.all(np.abs(np.abs(x - v[d]) - half) == 0)):
            return False
    return True


def _within_fp32_ulp_bound(case, outs, got) -> bool:
    """ulp class, float32: every changed element within 32 ulp of the correct one (msprobe's fp32
    threshold, products.md 3.4) — e.g. two swapped values that differ by a few ulp."""
    from reference.compare import ulp_of
    if case.op.tolerance != "ulp" or case.dtype != "float32":
        return False
    return all(np.all(np.abs(v[d] - w[d]) <= 32 * ulp_of(w[d], "float32"))
               for _, d, w, v in _changed_elements(outs, got) if d.size)


# kind -> [(predicate(case, correct outputs, corrupted outputs), why the standard grants it)]:
# such cases are counted apart, not in the kill rate (docs/FIDELITY.md, "Numerics")
def _exempt():
    one_element = (_within_one_element_allowance,
                   "ulp class fp16/bf16: only max(1, 0.1%) elements moved by one ulp, the faithful-"
                   "rounding allowance (reference/standards.py ULP_BOUNDS, msprobe 1 ulp: products.md 3.4)")
    ties = (_on_exact_ties,
            "accumulate class: the exact sum is exactly halfway, the result the other neighbour (0.5 ulp): "
            "inside the bound's 0.5 ulp, as a float32 kernel's own error may land on either side")
    return {
        "zero_sign_flipped": [
            (lambda c, o, g: c.op.tolerance == "accumulate",
             "accumulating ops: the sign of a zero sum depends on the accumulator's start (free)")],
        "bias_1e-4": [one_element],
        "bias_1e-3": [one_element],
        "one_element_0.1pct": [one_element],
        "tail_4pct_low_precision": [one_element],
        "block_32_low_precision": [one_element],
        "lane_16_biased": [one_element],
        "truncating_rounding": [one_element, ties],
        "accumulate_in_input_dtype": [ties],
        "two_swapped": [(_within_fp32_ulp_bound,
                         "ulp class fp32: the swapped values differ by <= 32 ulp (msprobe fp32, products.md 3.4)")],
    }


def add_parser(sub) -> None:
    p = sub.add_parser("mutate", help="output-corruption matrix: how much of each wrong result "
                                      "the numeric verdicts catch")
    add_backend_options(p)
    p.add_argument("--reduced", action="store_true",
                   help="CI form: no large samples, every 3rd case (probes and specials all)")
    p.add_argument("--kinds", default=None, help="comma-separated subset of the corruption kinds")
    p.add_argument("--ops", default=None, help="comma-separated subset of the catalog's ops")
    p.add_argument("--faults", default="", help="simulator fault switches to measure the same way")
    p.add_argument("--fault-goal", type=float, default=FAULT_GOAL)
    p.add_argument("--json", dest="json_path", default=None,
                   help=f"write the results here (refuses to overwrite; default {DEFAULT_JSON} with --force)")
    p.add_argument("--force", action="store_true", help="overwrite --json")
    p.add_argument("--dump-outputs", default=None, help=argparse.SUPPRESS)   # child of --faults


def select_cases(product, *, reduced: bool, ops: list[str] | None = None, support=None) -> list:
    """The catalog cases the matrix launches: those the runtime must run on ``product`` (declared
    by ``support``, a fixtures.declared.Declared, and uncontested; or, where it declares nothing
    for the op, documented by the catalog), every third per (op, dtype) when ``reduced``."""
    from fixtures import catalog
    from fixtures.declared import combination as declared_combination
    out, seen = [], defaultdict(int)
    for case in catalog.all_cases():
        documented = not case.op.unsupported_reason(case.all_dtypes(), product)
        if not case.launches or not (support.surely_runs(case.op.name, *declared_combination(case), documented)
                                     if support else documented):
            continue
        if ops and case.op.name not in ops:
            continue
        if reduced:
            if case.sample.large:
                continue
            key = (case.op.name, case.dtype)
            seen[key] += 1
            if case.dist not in ("ties", "specials") and seen[key] % 3 != 1:
                continue
        out.append(case)
    return out


def run_cases(session, cases) -> dict[str, list[np.ndarray]]:
    """Every case launched once on the simulator: {case id: outputs}."""
    from fixtures import catalog
    from fixtures.launch import Launcher
    from fixtures.runtime import OpFactory
    from harness.acl import Device, Scope, Stream
    from reports.numeric_policy import NumericPolicy
    acl = session.acl
    device = Device(acl, 0)
    store = session.models()
    specs = {c.spec.key: c.spec for c in cases}
    store.ensure(*specs.values())
    sat = session.product.saturation_mode
    outputs = {}
    stream = Stream(acl)
    try:
        for case in cases:
            with Scope() as scope:
                launcher = Launcher(acl, OpFactory(acl, store, scope), scope, NumericPolicy(session.backend))
                p = launcher.prepare(case.spec, case.flat_inputs(),
                                     lambda case=case: catalog.expected(case, sat),
                                     case.id)
                outputs[case.id] = p.run(stream.ptr, clause=case.clause)
    finally:
        stream.close()
        device.close()
    return outputs


def _failed(case, outs, product) -> bool:
    from fixtures import catalog
    return not all(m.passed for m in catalog.measure(case, outs, product))


def matrix(cases, outputs, product, kinds) -> tuple[dict, list[str]]:
    """{kind: counts} over the cases, and the ids of cases whose conformant output fails."""
    from fixtures import catalog
    from reference import corruptions as cor
    exempt = _exempt()
    res = {k.name: {"harmful": k.harmful, "goal": k.goal, "doc": k.doc, "applicable": 0, "changed": 0,
                    "caught": 0, "exempt": 0, "exempt_caught": 0, "missed": [], "exempt_reasons": {}}
           for k in kinds}
    bad, prev_by_shape = [], {}
    for case in cases:
        outs = outputs[case.id]
        if _failed(case, outs, product):
            bad.append(case.id)
            continue
        sig = tuple((o.shape, str(o.dtype)) for o in outs)
        ctx = cor.Context(case, outs, product, prev_by_shape.get(sig), catalog.exact_values(case), catalog.scales(case))
        prev_by_shape[sig] = outs
        for k in kinds:
            r = res[k.name]
            # the special-value cases hold NaN and Inf on purpose: a corruption of them is defined
            # (and judged), numpy's warnings about them are noise in the matrix's output
            with np.errstate(all="ignore"):
                got = k.apply(ctx)
            if got is None:
                continue
            r["applicable"] += 1
            if not cor.changed(got, outs, case.op.tolerance):
                continue
            caught = _failed(case, got, product)
            why = next((w for pred, w in exempt.get(k.name, []) if pred(case, outs, got)), None)
            if why is not None:
                r["exempt"] += 1
                r["exempt_caught"] += caught
                r["exempt_reasons"][why] = r["exempt_reasons"].get(why, 0) + 1
                continue
            r["changed"] += 1
            r["caught"] += caught
            if k.harmful != caught:     # a harmful kind missed, or a benign kind flagged
                r["missed"].append(case.id)
    for r in res.values():
        r["rate"] = r["caught"] / r["changed"] if r["changed"] else None
        r["ok"] = (r["rate"] is None or r["rate"] >= r["goal"]) if r["harmful"] else r["caught"] == 0
    return res, bad


def fault_matrix(args, cases, outputs, product, faults) -> dict:
    """Per fault: cases whose output it changes, and how many of those the judgement fails."""
    from reference import corruptions as cor
    out = {}
    for fault in faults:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "outputs.npz")
            cmd = [sys.executable, "-m", "harness", "mutate", "--dump-outputs", path,
                   "--backend", args.backend] + (["--soc", args.soc] if args.soc else []) + \
                  (["--acl-lib", args.acl_lib] if args.acl_lib else []) + \
                  (["--product", args.product] if args.product else []) + \
                  (["--reduced"] if args.reduced else []) + (["--ops", args.ops] if args.ops else [])
            env = dict(os.environ, ACLSIM_FAULTS=fault)
            proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
            if proc.returncode != 0 or not os.path.exists(path):
                out[fault] = {"error": (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]}
                continue
            dumped = _load(path)
        r = {"changed": 0, "caught": 0, "missed": []}
        for case in cases:
            got = dumped.get(case.id)
            if got is None or not cor.changed(got, outputs[case.id], case.op.tolerance):
                continue
            r["changed"] += 1
            if _failed(case, got, product):
                r["caught"] += 1
                if fault.startswith("benign_"):
                    r["missed"].append(case.id)
            elif not fault.startswith("benign_"):
                r["missed"].append(case.id)
        r["rate"] = r["caught"] / r["changed"] if r["changed"] else None
        r["benign"] = fault.startswith("benign_")
        r["ok"] = r["caught"] == 0 if r["benign"] else (r["rate"] is not None and r["rate"] >= args.fault_goal)
        out[fault] = r
    return out


def _dump(path: str, outputs: dict[str, list[np.ndarray]]) -> None:
    flat = {f"{cid}\x1f{i}": a for cid, outs in outputs.items() for i, a in enumerate(outs)}
    # bfloat16 is not an npz dtype: store the bits, with the dtype name in the key
    np.savez(path, **{f"{k}\x1f{a.dtype}": a.view(f"u{a.dtype.itemsize}") if a.dtype.kind not in "biuf" or
                      str(a.dtype) == "bfloat16" else a for k, a in flat.items()})


def _load(path: str) -> dict[str, list[np.ndarray]]:
    from harness import dtypes as hdt
    out: dict[str, dict[int, np.ndarray]] = defaultdict(dict)
    with np.load(path) as z:
        for key in z.files:
            cid, i, dt = key.split("\x1f")
            a = z[key]
            if dt == "bfloat16":
                a = a.view(hdt.to_numpy(hdt.parse("bfloat16")))
            out[cid][int(i)] = a
    return {cid: [d[i] for i in sorted(d)] for cid, d in out.items()}


def format_table(res: dict, faults: dict, n_cases: int, bad: list[str], seconds: float) -> str:
    lines = [f"{n_cases} numeric cases ({len(bad)} with a failing conformant output, left out), "
             f"{seconds:.1f} s", "",
             f"{'kind':28s} {'class':8s} {'changed':>8s} {'caught':>8s} {'kill rate':>10s} {'goal':>6s} "
             f"{'exempt':>7s}  verdict"]
    for name, r in res.items():
        rate = "-" if r["rate"] is None else f"{100 * r['rate']:.1f}%"
        goal = f">={100 * r['goal']:.0f}%" if r["harmful"] else "0"
        lines.append(f"{name:28s} {'harmful' if r['harmful'] else 'benign':8s} {r['changed']:8d} {r['caught']:8d} "
                     f"{rate:>10s} {goal:>6s} {r['exempt']:7d}  {'ok' if r['ok'] else 'FAIL'}")
        for cid in r["missed"][:5]:
            lines.append(f"    {'missed' if r['harmful'] else 'flagged'}: {cid}")
        if r["exempt"]:
            lines.append(f"    exempt: {r['exempt']} cases ({r['exempt_caught']} of them caught anyway)")
        for why, n in r["exempt_reasons"].items():
            lines.append(f"      {n}: {why}")
    if faults:
        lines += ["", f"{'simulator fault':28s} {'changed':>8s} {'caught':>8s} {'kill rate':>10s}  verdict"]
        for name, r in faults.items():
            if "error" in r:
                lines.append(f"{name:28s} error: {r['error']}")
                continue
            rate = "-" if r["rate"] is None else f"{100 * r['rate']:.1f}%"
            goal = "(benign: 0 caught)" if r["benign"] else ""
            lines.append(f"{name:28s} {r['changed']:8d} {r['caught']:8d} {rate:>10s}  {'ok' if r['ok'] else 'FAIL'} {goal}")
            for cid in r["missed"][:5]:
                lines.append(f"    {'flagged' if r['benign'] else 'missed'}: {cid}")
    return "\n".join(lines)


def run(args) -> int:
    from reference import corruptions as cor
    if args.dump_outputs is None:
        os.environ.pop("ACLSIM_FAULTS", None)     # the conformant outputs come from a clean simulator
    kinds = list(cor.KINDS)
    if args.kinds:
        names = [k.strip() for k in args.kinds.split(",") if k.strip()]
        unknown = [n for n in names if n not in cor.BY_NAME]
        if unknown:
            print(f"harness mutate: error: --kinds: unknown kind(s) {', '.join(unknown)} "
                  f"(known: {', '.join(cor.BY_NAME)})", file=sys.stderr)
            return 2
        kinds = [cor.BY_NAME[n] for n in names]
    json_path = args.json_path or (DEFAULT_JSON if args.force else None)
    if json_path and os.path.exists(json_path) and not args.force:
        print(f"harness mutate: error: --json {json_path} exists (use --force to overwrite)", file=sys.stderr)
        return 2
    ops = [o.strip() for o in args.ops.split(",")] if args.ops else None
    session = open_session(args)
    if session is None:
        return 4
    t0 = time.monotonic()
    try:
        product = session.product
        from fixtures import declared
        cases = select_cases(product, reduced=args.reduced, ops=ops, support=declared.for_session(session))
        outputs = run_cases(session, cases)
    finally:
        session.close()
    if args.dump_outputs:
        _dump(args.dump_outputs, outputs)
        return 0
    res, bad = matrix(cases, outputs, product, kinds)
    faults = [f.strip() for f in args.faults.split(",") if f.strip()]
    fres = fault_matrix(args, cases, outputs, product, faults) if faults else {}
    seconds = time.monotonic() - t0
    print(f"product {product.id} ({'reduced' if args.reduced else 'full'} form)")
    print(format_table(res, fres, len(cases), bad, seconds))
    if json_path:
        os.makedirs(os.path.dirname(json_path) or ".", exist_ok=True)
        with open(json_path, "w") as f:
            json.dump({"product": product.id, "reduced": args.reduced, "cases": len(cases),
                       "conformant_failures": bad, "kinds": res, "faults": fres, "seconds": seconds}, f, indent=2)
    ok = all(r["ok"] for r in res.values()) and all(r.get("ok", False) for r in fres.values()) and not bad
    return 0 if ok else 1
