"""python -m reports build RUN_DIR... --out DIR [--policy FILE] [--release VERSION] [--against PREVIOUS...] [--abi FILE]

Exit codes: 0 the release is "go" (every required product go on a real device); 1 it is
"no-go", "incomplete" (a required product has no run) or "simulator" (a run was on the
simulator); 2 bad arguments or inputs (nothing is written then).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:                # reference/ is read for the precision thresholds
    sys.path.insert(1, ROOT)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m reports", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="merge product runs into index.html, summary.md and verdict.json")
    b.add_argument("runs", nargs="+", metavar="RUN_DIR",
                   help="run directories (holding results.json) or product directories (their latest run)")
    b.add_argument("--out", required=True, help="output directory (replaced only if it holds an earlier report)")
    b.add_argument("--policy", default=None, help="verdict policy (default: reports/policy.toml)")
    b.add_argument("--release", default=None,
                   help="release being qualified: baseline expiry is checked against it (default: each run's)")
    b.add_argument("--against", nargs="+", default=None, metavar="PREVIOUS",
                   help="an earlier report directory (verdict.json) or earlier run directories: list new "
                        "failures, fixes, new/removed tests, metric and duration drift since then")
    b.add_argument("--abi", default=None, metavar="FILE",
                   help="the JSON of `python -m harness abi check --json FILE`: a no-go ABI check makes "
                        "the release no-go; its findings are listed")
    args = parser.parse_args(argv)

    from .build import BuildError, build
    from .build.policy import PolicyError
    t0 = time.monotonic()
    try:
        verdict = build(args.runs, args.out, policy_path=args.policy, release=args.release,
                        against=args.against, abi=args.abi)
    except (BuildError, PolicyError) as exc:
        print(f"reports: error: {exc}", file=sys.stderr)
        return 2
    for pid, p in verdict["products"].items():
        rules = "; ".join(f"{v['rule']}: {v['actual']}" for v in p["violations"])
        print(f"{pid}: {p['verdict']}" + (f" - {rules}" if rules else ""))
    for pid, ch in verdict.get("against", {}).get("products", {}).items():
        c = ch["counts"]
        print(f"{pid} against previous: {c['new_failure']} new failures, {c['fixed']} fixed, "
              f"{c['still_failing']} still failing, {c['new_test']} new tests, {c['removed_test']} removed, "
              f"{c['metric_drift']} metric drifts ({ch['metric_drift_worse']} worse), "
              f"{c['duration_drift']} slower")
    if "abi" in verdict:
        a = verdict["abi"]
        print(f"abi: {a['verdict']} ({a['counts']['no-go']} no-go, {a['counts']['addition']} additions; "
              f"{a['path']})")
    for pid in verdict["missing_products"]:
        print(f"{pid}: missing - no run (required by the policy)")
    print(f"overall: {verdict['overall']} ({os.path.join(os.path.abspath(args.out), 'index.html')}, "
          f"{time.monotonic() - t0:.2f} s)")
    return 0 if verdict["overall"] == "go" else 1


if __name__ == "__main__":
    sys.exit(main())
