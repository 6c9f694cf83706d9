"""The "aclop results" section at the end of a run's console output."""
from __future__ import annotations

from ..results import SEVERITY


def summary(tr, data: dict, product, report_dir: str, allow_flakes: bool) -> None:
    tr.section("aclop results")
    shown = ", ".join(f"{n} {c}" for n, c in data["counts"].items() if c)
    tr.write_line(f"product {product}: {shown or 'no tests'}")
    collected = data.get("collected")
    if collected is not None:
        tr.write_line(f"collected {collected}, records {len(data['tests'])}")
    b = data["baseline"]
    if b["file"]:
        tr.write_line(f"baseline {b['file']} (release {b['release']}): {len(b['entries'])} entries, "
                      f"{len(b['stale'])} stale, {len(b['expired'])} expired, "
                      f"{len(b['unexpected_passes'])} unexpected passes")
        for e in b["stale"]:
            tr.write_line(f"  warning: stale baseline entry {b['file']}:{e['line']} matches no test that ran: {e['pattern']}", yellow=True)
        for e in b["expired"]:
            tr.write_line(f"  error: expired baseline entry {b['file']}:{e['line']} (expires {e['expires']}, "
                          f"release {b['release']}): {e['pattern']} - fails the verdict", red=True)
        for u in b["unexpected_passes"]:
            tr.write_line(f"  unexpected pass of a waived test: {u['id']} (entry line {u['line']})", yellow=True)
    flakes = 0
    for r in data["tests"]:
        if r["class"] == "Flake":
            flakes += 1
            tr.write_line(f"FLAKE {r['id']}: {r['message'][:200]}", yellow=True)
        elif SEVERITY[r["class"]] > SEVERITY["Fail"] or r["class"] == "NotRun":
            tr.write_line(f"{r['class'].upper()} {r['id']}: {r['message'][:200]}", red=True)
    if flakes and not allow_flakes:
        tr.write_line(f"{flakes} flake(s) count as failures in the exit status (--allow-flakes to accept them)",
                      red=True)
    tr.write_line(f"results: {report_dir}")
