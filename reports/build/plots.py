"""Error-distribution plots: one PNG per op (matplotlib Agg), one panel column per dtype."""
from __future__ import annotations

import math
import os
from collections import defaultdict


def _thresholds() -> dict:
    try:
        from reference.standards import ECOSYSTEM_T
    except Exception:                       # noqa: BLE001 - plots work without the reference
        return {}
    return dict(ECOSYSTEM_T)


def plots(entries: list[dict], product_ids: list[str], outdir: str) -> list[dict]:
    """One PNG per op: for each dtype, each product's max relative error per case (log scale)."""
    usable = [e for e in entries if e["max_rel_error"] is not None and math.isfinite(e["max_rel_error"])]
    if not usable:
        return []
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np
    from matplotlib.ticker import LogLocator, NullLocator
    thresholds = _thresholds()
    os.makedirs(outdir, exist_ok=True)
    by_op: dict[str, dict[str, list[dict]]] = defaultdict(lambda: defaultdict(list))
    for e in usable:
        by_op[e["op"]][e["dtype"]].append(e)
    made = []
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for n, op in enumerate(sorted(by_op)):
        dtypes = sorted(by_op[op])
        fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(dtypes) + 2.2), 3.2))
        width = 0.8 / max(len(product_ids), 1)
        top = 1e-11
        for k, pid in enumerate(product_ids):
            xs, ys = [], []
            for x, dtype in enumerate(dtypes):
                vals = [max(e["max_rel_error"], 1e-12) for e in by_op[op][dtype] if e["product"] == pid]
                jitter = (np.arange(len(vals)) % 11 - 5) / 11.0 * width * 0.8
                xs.extend(x - 0.4 + width * (k + 0.5) + jitter)
                ys.extend(vals)
            if ys:
                top = max(top, max(ys))
                ax.plot(xs, ys, ".", ms=3, alpha=0.6, color=colors[k % len(colors)], label=pid)
        for x, dtype in enumerate(dtypes):
            t = thresholds.get(dtype)
            if t:
                ax.hlines(10 * t, x - 0.45, x + 0.45, colors="red", linestyles="--", lw=0.9)
                top = max(top, 10 * t)
        ax.set_yscale("log")
        ax.set_ylim(3e-13, top * 5)
        ax.yaxis.set_major_locator(LogLocator(numticks=5))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.set_xticks(range(len(dtypes)))
        ax.set_xticklabels([f"{d}\n(n={len(by_op[op][d])})" for d in dtypes], fontsize=7)
        ax.set_xlim(-0.5, len(dtypes) - 0.5)
        ax.set_title(f"{op}: max relative error vs numpy per case (red: 10T limit)", fontsize=9)
        ax.tick_params(axis="y", labelsize=7)
        ax.legend(fontsize=6, loc="upper left", bbox_to_anchor=(1.0, 1.0), markerscale=2, frameon=False)
        fig.subplots_adjust(left=0.12, right=0.78, bottom=0.2, top=0.9)
        name = f"op-{n:02d}.png"
        fig.savefig(os.path.join(outdir, name), dpi=80)
        plt.close(fig)
        made.append({"op": op, "file": f"plots/{name}", "dtypes": dtypes,
                     "cases": sum(len(v) for v in by_op[op].values())})
    return made
