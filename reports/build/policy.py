"""The verdict policy (reports/policy.toml) as data, and its evaluation for one product.

Verdicts: "go" (every rule holds, and results.json holds evidence of a real device: the NPU
driver's version.info, the device nodes of the devices used, no simulator tag, backend device;
harness/evidence.py), "simulator" (every rule holds, but the run shows the simulator: its build tag
from aclsysGetVersionStr, aclsim* symbols, or the sim backend: evidence for the harness, not for a
release), "no device evidence" (every rule holds, but nothing shows a real device: e.g. an older
results.json without ``device_evidence``), "no-go" (a rule failed). The release as a whole can also
be "incomplete": a required product has no run.
"""
from __future__ import annotations

import hashlib
import os
import sys

if sys.version_info >= (3, 11):
    import tomllib
else:                                   # pragma: no cover
    import tomli as tomllib

from fixtures import levels

from .. import numeric_policy
from ..results import NAMES

DEFAULT_PATH = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "policy.toml")
EXTRA_LIMITS = ("expired_waivers", "stale_waivers", "unexpected_passes")
# Not a policy choice: a run that lost a test's record, or did not run every test, is never go.
FIXED = ("NotRun", "missing_records")
MIN_KEYS = ("tests", "tests_per_clause")
NOT_RAN = ("Skip", "NotRun")            # results that do not show a clause was exercised


class PolicyError(ValueError):
    pass


def load(path: str = DEFAULT_PATH) -> dict:
    try:
        with open(path, "rb") as f:
            raw = f.read()
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except OSError as exc:
        raise PolicyError(f"{path}: cannot read the policy: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise PolicyError(f"{path}: TOML syntax error: {exc}") from None
    for key, value in data.get("max", {}).items():
        if key in FIXED:
            raise PolicyError(f"{path}: [max] {key}: not a policy choice (any {key} is no-go)")
        if key not in NAMES + EXTRA_LIMITS:
            raise PolicyError(f"{path}: [max] {key!r}: not a result class or one of {', '.join(EXTRA_LIMITS)}")
        if not isinstance(value, int):
            raise PolicyError(f"{path}: [max] {key}: expected an integer, got {value!r}")
    for key, value in data.get("min", {}).items():
        if key not in MIN_KEYS:
            raise PolicyError(f"{path}: [min] {key!r}: expected one of {', '.join(MIN_KEYS)}")
        if not isinstance(value, int) or value < 0:
            raise PolicyError(f"{path}: [min] {key}: expected a non-negative integer, got {value!r}")
    for key, value in data.get("release", {}).items():
        if key != "level":
            raise PolicyError(f"{path}: [release] {key!r}: expected level")
        if value not in levels.levels():
            raise PolicyError(f"{path}: [release] level: {value!r} is not a run level of fixtures/levels.toml "
                              f"({', '.join(levels.levels())})")
    for product, over in data.get("product", {}).items():
        for section in over:
            if section not in ("max", "min"):
                raise PolicyError(f"{path}: [product.{product}.{section}]: expected max or min")
    data["numeric"] = numeric_policy.validate(data, path, PolicyError)
    data["_path"] = os.path.abspath(path)
    data["_sha256"] = hashlib.sha256(raw).hexdigest()
    data["_text"] = text
    return data


def limits(policy: dict, product: str) -> tuple[dict, dict]:
    over = policy.get("product", {}).get(product, {})
    return ({**policy.get("max", {}), **over.get("max", {})},
            {**policy.get("min", {}), **over.get("min", {})})


SIMULATOR, NO_EVIDENCE = "simulator", "no device evidence"
NOT_GO = (SIMULATOR, NO_EVIDENCE)        # every rule holds, but not on a device anyone can show


def on_simulator(environment: dict | None) -> bool:
    """The run shows the simulator: aclsim* symbols, the sim backend, or the simulator's build tag."""
    env = environment or {}
    ev = env.get("device_evidence") or {}
    return (bool(env.get("simulator")) or env.get("backend") == "sim" or ev.get("conclusion") == SIMULATOR
            or bool((ev.get("simulator_tag") or {}).get("tag")) or bool(ev.get("aclsim_symbols")))


def device_shown(environment: dict | None) -> bool:
    """results.json holds evidence of a real device (harness/evidence.py concluded "device")."""
    env = environment or {}
    ev = env.get("device_evidence") or {}
    return (ev.get("conclusion") == "device" and env.get("backend") == "device"
            and bool((ev.get("driver") or {}).get("version")) and bool(ev.get("device_nodes"))
            and all((ev.get("device_nodes") or {}).values()) and not on_simulator(env))


def not_go_reason(environment: dict | None) -> str:
    """Why a run that holds every rule is not go: the evidence's own account, or that there is none."""
    ev = (environment or {}).get("device_evidence")
    if not ev:
        return "results.json records no device evidence (written before it was recorded, or not a suite run)"
    return ev.get("reason") or ev.get("conclusion") or "no conclusion recorded"


def level_rule(policy: dict, environment: dict | None) -> dict | None:
    """The [release] level rule for one run: its level (results.json ``environment.level``; a run
    that records none, written before run levels existed, counts as the default level) at least
    the level the policy asks; None when the policy asks none."""
    need = policy.get("release", {}).get("level")
    if not need:
        return None
    recorded = (environment or {}).get("level")
    ran = recorded or levels.table().default
    rule = f"run level >= {need} (the level a release needs: [release] level)"
    if ran not in levels.levels():
        return {"rule": rule, "actual": f"{ran!r}, not a run level of fixtures/levels.toml", "ok": False}
    actual = ran if recorded else (f"{ran} (results.json records no environment.level: a run from before run "
                                   f"levels, taken as {ran})")
    return {"rule": rule, "actual": actual, "ok": levels.rank(ran) >= levels.rank(need)}


def evaluate(policy: dict, product: str, counts: dict, baseline: dict, records: list[dict],
             environment: dict | None = None, missing_records: int = 0) -> dict:
    """{"verdict": "go"|"simulator"|"no-go", "violations": [...], "checked": [...]} for one product."""
    mx, mn = limits(policy, product)
    actual = dict(counts)
    actual["expired_waivers"] = len(baseline.get("expired", []))
    actual["stale_waivers"] = len(baseline.get("stale", []))
    actual["unexpected_passes"] = len(baseline.get("unexpected_passes", []))
    actual["missing_records"] = missing_records
    checked = [{"rule": f"{key} <= {limit}", "actual": actual.get(key, 0), "ok": actual.get(key, 0) <= limit}
               for key, limit in mx.items() if limit >= 0]
    checked += [{"rule": "NotRun <= 0 (every collected test ran)", "actual": actual.get("NotRun", 0),
                 "ok": not actual.get("NotRun", 0)},
                {"rule": "missing_records <= 0 (every collected test has a record)", "actual": missing_records,
                 "ok": not missing_records}]
    if "tests" in mn:
        total = sum(counts.values())
        checked.append({"rule": f"tests >= {mn['tests']}", "actual": total, "ok": total >= mn["tests"]})
    ran: dict[str, int] = {}
    for r in records:
        if r["class"] not in NOT_RAN:
            for c in r.get("clauses", []):
                ran[c] = ran.get(c, 0) + 1
    need = mn.get("tests_per_clause", 1)
    short = [f"{c} ({ran.get(c, 0)})" for c in policy.get("required_clauses", []) if ran.get(c, 0) < need]
    checked.append({"rule": f"every required clause has >= {need} test(s) that ran",
                    "actual": ("short: " + ", ".join(short)) if short else "all covered", "ok": not short})
    no_flake = policy.get("no_flake_clauses", [])
    if no_flake:
        flaky = [r["id"] for r in records if r["class"] == "Flake" and set(r.get("clauses", [])) & set(no_flake)]
        checked.append({"rule": f"no Flake in {', '.join(no_flake)}",
                        "actual": ("flaky: " + ", ".join(flaky[:5]) + (" ..." if len(flaky) > 5 else ""))
                        if flaky else "none", "ok": not flaky})
    level = level_rule(policy, environment)
    if level is not None:
        checked.append(level)
    violations = [rule for rule in checked if not rule["ok"]]
    if violations:
        verdict = "no-go"
    elif on_simulator(environment):
        verdict = SIMULATOR
    else:
        verdict = "go" if device_shown(environment) else NO_EVIDENCE
    return {"verdict": verdict, "violations": violations, "checked": checked,
            "simulator": on_simulator(environment), "device_evidence": device_shown(environment),
            "evidence": "device evidence: " + (environment or {}).get("device_evidence", {}).get("reason", "")
            if device_shown(environment) else not_go_reason(environment)}


def overall(verdicts: list[str], missing_products: list[str]) -> str:
    """The release's verdict from its products' verdicts and the required products without a run."""
    if not verdicts or "no-go" in verdicts:
        return "no-go"
    if missing_products:
        return "incomplete"
    for verdict in NOT_GO:
        if verdict in verdicts:
            return verdict
    return "go"
