"""``build``: the merged report written into a temporary directory beside ``--out`` and moved in
at the end, so a failed build never leaves a half-written or clobbered report."""
from __future__ import annotations

import datetime as _dt
import json
import os
import shutil
import tempfile

from ..results import BY_NAME, CLASSES
from ..results import load as load_results
from .abi import apply as apply_abi
from .abi import load as load_abi
from .inputs import BuildError, _sha256, merge, resolve_run
from .numeric import cross_product, numeric_entries
from .plots import plots
from .policy import DEFAULT_PATH as DEFAULT_POLICY
from .policy import evaluate as evaluate_policy
from .policy import load as load_policy
from .policy import overall as overall_verdict
from .views import FAILURE_CLASSES, _jinja, coverage, matrix, support_findings


def build(run_paths: list[str], out: str, *, policy_path: str | None = None,
          release: str | None = None, against: list[str] | None = None, abi: str | None = None) -> dict:
    t0 = _dt.datetime.now(_dt.timezone.utc)
    pol = load_policy(policy_path or DEFAULT_POLICY)
    abi_gate = load_abi(abi) if abi else None
    inputs, runs = [], []
    for path in run_paths:
        rj = resolve_run(path)
        try:
            data = load_results(rj)
        except (OSError, ValueError) as exc:
            raise BuildError(str(exc)) from None
        inputs.append({"path": os.path.abspath(rj), "sha256": _sha256(rj),
                       "product": data.get("environment", {}).get("product")})
        runs.append((os.path.abspath(rj), data))
    products = merge(runs, release)
    pids = sorted(products)
    for pid in pids:
        p = products[pid]
        p["verdict"] = evaluate_policy(pol, pid, p["counts"], p["baseline"], p["records"],
                                       environment=p["environment"],
                                       missing_records=p.get("missing_records", 0))
    changes = prev_inputs = None
    if against:
        from . import against as against_mod
        previous, prev_inputs = against_mod.load_previous(against)
        changes = against_mod.compare(previous, products, pol)
        for pid in pids:
            against_mod.apply_policy(pol, pid, products[pid]["verdict"], changes)
    missing = [pid for pid in pol.get("required_products", []) if pid not in products]
    overall = apply_abi(overall_verdict([products[p]["verdict"]["verdict"] for p in pids], missing), abi_gate)

    out = os.path.abspath(out)
    if os.path.exists(out) and (not os.path.isdir(out) or
                                (os.listdir(out) and not os.path.isfile(os.path.join(out, "verdict.json")))):
        raise BuildError(f"--out {out}: exists and is not an earlier report (no verdict.json): not replacing it")
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=f".{os.path.basename(out)}.", dir=parent)
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(tmp, 0o777 & ~umask)
    try:
        entries = numeric_entries(products)
        plot_list = plots(entries, pids, os.path.join(tmp, "plots"))
        cross = cross_product(entries)
        verdict = {
            "schema": "aclop-verdict/1",
            "generated": t0.isoformat(),
            "overall": overall,
            "missing_products": missing,
            "release": release,
            "policy": {"path": pol["_path"], "sha256": pol["_sha256"]},
            "inputs": inputs,
            "products": {pid: {"verdict": products[pid]["verdict"]["verdict"],
                               "violations": products[pid]["verdict"]["violations"],
                               "counts": products[pid]["counts"],
                               "release": products[pid]["release"],
                               "baseline_files": products[pid]["baseline_files"],
                               "soc": products[pid]["environment"].get("soc"),
                               "backend": products[pid]["environment"].get("backend"),
                               "simulator": products[pid]["verdict"]["simulator"],
                               "device_evidence": products[pid]["verdict"]["evidence"],
                               "runtime_version": products[pid]["environment"].get("runtime_version")}
                         for pid in pids},
        }
        if changes is not None:
            verdict["against"] = against_mod.summary(changes, prev_inputs)
        if abi_gate is not None:
            verdict["abi"] = abi_gate
        ctx = {"verdict": verdict, "products": products, "pids": pids, "policy": pol,
               "matrix": matrix(products), "coverage": coverage(products), "support": support_findings(products),
               "plots": plot_list,
               "cross": cross, "classes": CLASSES, "by_name": BY_NAME, "failure_classes": FAILURE_CLASSES,
               "n_numeric": len(entries), "against": changes, "generated": t0.strftime("%Y-%m-%d %H:%M:%S UTC")}
        with open(os.path.join(tmp, "index.html"), "w", encoding="utf-8") as f:
            f.write(_jinja(html=True).get_template("index.html.j2").render(**ctx))
        with open(os.path.join(tmp, "summary.md"), "w", encoding="utf-8") as f:
            f.write(_jinja(html=False).get_template("summary.md.j2").render(**ctx))
        with open(os.path.join(tmp, "verdict.json"), "w", encoding="utf-8") as f:
            json.dump(verdict, f, indent=1, ensure_ascii=False)
        with open(os.path.join(tmp, "policy.toml"), "w", encoding="utf-8") as f:
            f.write(pol["_text"])
        _move_in(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return verdict


def _move_in(tmp: str, out: str) -> None:
    old = None
    if os.path.exists(out):
        old = tempfile.mkdtemp(prefix=f".{os.path.basename(out)}.old.", dir=os.path.dirname(out))
        os.rmdir(old)
        os.rename(out, old)
    os.rename(tmp, out)
    if old:
        shutil.rmtree(old, ignore_errors=True)
