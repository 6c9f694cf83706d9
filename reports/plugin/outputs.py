"""The per-run outputs: results.json, the environment it records, reproduction commands, where
junit.xml goes (junit.py writes it), and Allure's run files (environment.properties,
executor.json, categories.json, results for tests no worker reported to Allure)."""
from __future__ import annotations

import json
import os
import platform
import shlex
import socket
import subprocess
import sys
import time
import uuid as _uuid

import pytest

from .. import identity
from ..results import PROP_CLAUSE, PROP_PRODUCT, plain

# Environment variables that change what the runtime under test does: recorded in results.json
# and put in front of every reproduction command.
RUNTIME_ENV_PREFIXES = ("ACLSIM_", "ASCEND_")
RUNTIME_ENV_NAMES = ("ACL_LIBRARY", "LD_LIBRARY_PATH", "LD_PRELOAD", "HYPOTHESIS_PROFILE", "PYTHONHASHSEED")
REPRO_OPTIONS = ("--backend", "--acl-lib", "--soc", "--product", "--device-id", "--model-dir",
                 "--atc", "--baseline", "--release")


def opt(config, name, default=None):
    try:
        return config.getoption(name)
    except (ValueError, AttributeError):
        return default


def runtime_env(environ=None) -> dict[str, str]:
    env = os.environ if environ is None else environ
    return {k: env[k] for k in sorted(env)
            if k.startswith(RUNTIME_ENV_PREFIXES) or k in RUNTIME_ENV_NAMES}


def repro(parts: tuple[str, str], nodeid: str) -> str:
    """A command that runs this one test again with the same runtime, options and environment:
    the test id between the run's ``repro_parts``."""
    before, after = parts
    return f"{before} {shlex.quote(nodeid)} {after}"


def repro_parts(config, session=None, environ=None) -> tuple[str, str]:
    """What ``repro`` puts before and after the test id: the same for every test of a run."""
    env = [f"{k}={shlex.quote(v)}" for k, v in runtime_env(environ).items()]
    args = []
    for name in REPRO_OPTIONS:
        value = opt(config, name)
        if value not in (None, False, "") and not (name == "--backend" and value == "sim"):
            args += [name, str(value)]
    if (session is not None and session.backend == "sim" and session.soc
            and not opt(config, "--soc") and not opt(config, "--acl-lib")):
        args += ["--soc", session.soc]      # pin the simulator profile this run had
    if opt(config, "--run-hazards"):
        args.append("--run-hazards")
    seed = opt(config, "--hypothesis-seed")
    if seed is not None:
        args += ["--hypothesis-seed", str(seed)]
    args.append("--no-rerun")
    return (" ".join(env + ["python", "-m", "pytest"]), " ".join(shlex.quote(a) for a in args))


def environment(config, product, session, release, report_dir, rerun) -> dict:
    env = {"product": product, "backend": opt(config, "--backend"), "soc": opt(config, "--soc"),
           "libraries": [], "runtime_version": None}
    if session is not None:
        def safe(fn):
            try:
                return fn()
            except Exception:             # noqa: BLE001 - metadata must not fail the run
                return None
        env.update({
            "product": session.product.id, "product_name": session.product.name,
            "product_source": session.product_source, "backend": session.backend,
            "libraries": list(session.libs.paths), "soc": session.soc,
            "simulator": bool(safe(lambda: session.acl.is_simulator)),
            "runtime_version": safe(session.acl.runtime_version),
            "acl_version": safe(session.acl.acl_version),
            "simulator_version": safe(session.acl.simulator_version),
            "devices": safe(session.device_count),
            # what was qualified: the target as checked before the first test (harness/preflight.py),
            # and the op information library the expectations came from (harness/opp.py)
            "identity": getattr(session, "identity", None),
            "target": safe(session.identity_line),
            "declaration": safe(lambda: _declaration(session)),
        })
    env["level"] = _level(config)
    env["release"] = release
    env["runtime_env"] = runtime_env()
    env["harness_version"] = _harness_version()
    env["git"] = _git(str(config.rootpath))
    try:
        from hypothesis import settings
        profile = getattr(settings, "_current_profile", None)
    except ImportError:
        profile = None
    env["hypothesis_profile"] = profile or os.environ.get("HYPOTHESIS_PROFILE")
    env["seeds"] = {"hypothesis_seed": opt(config, "--hypothesis-seed"),
                    "PYTHONHASHSEED": os.environ.get("PYTHONHASHSEED")}
    env["options"] = {
        "args": list(config.invocation_params.args),
        "cwd": str(config.invocation_params.dir),
        "rootdir": str(config.rootpath),
        "numprocesses": opt(config, "numprocesses"),
        "rerun": rerun,
        **{n.lstrip("-").replace("-", "_"): opt(config, n) for n in REPRO_OPTIONS},
        "run_hazards": opt(config, "--run-hazards"),
        "time_limit_scale": opt(config, "--time-limit-scale"),
        "time_limits": not opt(config, "--no-time-limits", False),
        "report_dir": report_dir,
        "junitxml": junit_path(config, report_dir),
        "alluredir": getattr(config.option, "allure_report_dir", None),
    }
    env["python"] = sys.version.split()[0]
    env["pytest"] = pytest.__version__
    env["platform"] = platform.platform()
    env["host"] = socket.gethostname()
    return plain(env)


def _declaration(session) -> dict:
    lib = session.declaration
    if lib is None:
        return {"origin": session.declaration_origin, "library": None}
    from harness import opp
    return {"origin": session.declaration_origin, "library": os.path.join(lib.root, opp.CONFIG_SUBDIR, lib.soc_dir),
            "soc_dir": lib.soc_dir, "files": list(lib.files), "ops": len(lib.ops), "line": session.declaration_line()}


def _level(config) -> str | None:
    """The run level (fixtures/levels.py): what reports/policy.toml's [release] level compares."""
    try:
        from fixtures import levels
    except ImportError:                   # the plugin used outside the checkout
        return None
    return levels.run_level(config)


def device_evidence(session, env: dict) -> dict:
    """harness.evidence for this run: the driver install, the used devices' nodes, the simulator's
    build tag; what was found, what not, and the conclusion the verdict policy reads."""
    from harness import evidence
    try:
        return evidence.gather(backend=env.get("backend"), devices=(env.get("devices_used") or {}).values(),
                               acl=session.acl if session is not None else None)
    except Exception as exc:              # noqa: BLE001 - metadata must not fail the run
        return {"conclusion": evidence.NO_EVIDENCE, "reason": f"evidence could not be gathered: {exc}"}


def write_json(path: str, data, indent=None) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(json.dumps(data, ensure_ascii=False, indent=indent))   # no indent: the C encoder
    os.replace(tmp, path)


# -- JUnit -----------------------------------------------------------------------------------

def junit_path(config, report_dir: str) -> str:
    """Where junit.xml goes: the user's --junitxml (pytest's junitxml writes it), else the report
    directory (junit.py writes it from the records)."""
    return getattr(config.option, "xmlpath", None) or os.path.join(report_dir, "junit.xml")


def junit_properties(product: str | None, clauses) -> list[tuple[str, str]]:
    return [(PROP_PRODUCT, product or "unknown-product"), *((PROP_CLAUSE, c) for c in clauses)]


# -- Allure ----------------------------------------------------------------------------------

_ALLURE_DIR_SEEN = pytest.StashKey[str]()


def allure_dir(config) -> str | None:
    """allure-pytest's --alluredir, once it exists (asked at every test: the answer is kept)."""
    d = getattr(config.option, "allure_report_dir", None)
    if not d:
        return None
    if config.stash.get(_ALLURE_DIR_SEEN, None) == d:
        return d
    if os.path.isdir(d):
        config.stash[_ALLURE_DIR_SEEN] = d
        return d
    return None


def write_allure_result(directory: str, nodeid: str, product, meta: dict, cls: str, message: str,
                        trace: str, seconds: float) -> None:
    """An allure result for a test no worker reported to allure (its worker died; never run)."""
    stop = int(time.time() * 1000)
    uid = str(_uuid.uuid4())
    status = "skipped" if cls == "NotRun" else "broken"
    data = identity.result_file(nodeid, product, meta, status=status, message=f"{cls}: {message}",
                                trace=trace, start_ms=stop - int(seconds * 1000), stop_ms=stop, uuid=uid)
    write_json(os.path.join(directory, f"{uid}-result.json"), data)


def categories() -> list[dict]:
    """Allure categories: one per failing result class, matched on the message prefix the
    records carry (crash, timeout, not run) or on allure's status."""
    out = [
        {"name": "Timeout: past the time limit", "matchedStatuses": ["broken", "failed"],
         "messageRegex": r"(?s).*(Timeout|timed out|did not finish).*"},
        {"name": "Crash: the process running the test died", "matchedStatuses": ["broken", "failed"],
         "messageRegex": r"(?s).*(Crash|crashed|died with).*"},
        {"name": "NotRun: the run was cut short", "matchedStatuses": ["skipped"],
         "messageRegex": r"(?s)^NotRun.*"},
        {"name": "Flake: failed, then passed on the rerun", "matchedStatuses": ["passed", "failed"],
         "messageRegex": r"(?s)^Flake.*"},
        {"name": "Waived by the product baseline", "matchedStatuses": ["skipped"],
         "messageRegex": r"(?s).*waived by.*"},
        {"name": "Fail: contract violations", "matchedStatuses": ["failed"]},
        {"name": "HarnessError: suite or harness bugs", "matchedStatuses": ["broken"]},
    ]
    return out


def write_allure_run_files(directory: str, env: dict, report_dir: str) -> None:
    lines = {"product": env.get("product"), "product_name": env.get("product_name"),
             "backend": env.get("backend"), "soc": env.get("soc"), "simulator": env.get("simulator"),
             "runtime_version": env.get("runtime_version"), "release": env.get("release"),
             "harness_version": env.get("harness_version"), "git_commit": (env.get("git") or {}).get("commit"),
             "python": env.get("python"), "pytest": env.get("pytest"), "host": env.get("host"),
             **{f"env.{k}": v for k, v in (env.get("runtime_env") or {}).items()}}
    with open(os.path.join(directory, "environment.properties"), "w", encoding="utf-8") as f:
        for k, v in lines.items():
            if v not in (None, ""):
                value = str(v).replace("\\", "\\\\").replace("\n", " ")
                f.write(f"{k}={value}\n")
    write_json(os.path.join(directory, "executor.json"), {
        "name": "aclop-conformance", "type": "pytest",
        "buildName": f"{env.get('product')} {os.path.basename(report_dir)}",
        "reportName": f"aclop conformance: {env.get('product')}",
        "buildUrl": os.environ.get("BUILD_URL") or os.environ.get("CI_JOB_URL") or "",
    }, indent=1)
    write_json(os.path.join(directory, "categories.json"), categories(), indent=1)


# -- results.json ----------------------------------------------------------------------------

def write_results(report_dir: str, data: dict) -> None:
    write_json(os.path.join(report_dir, "results.json"), data)


def _harness_version() -> str | None:
    try:
        from importlib.metadata import version
        return version("aclop-conformance")
    except Exception:                     # noqa: BLE001
        return None


def _git(root: str) -> dict:
    def run(*args):
        try:
            out = subprocess.run(["git", "-C", root, *args], capture_output=True, text=True, timeout=10)
            return out.stdout.strip() if out.returncode == 0 else None
        except (OSError, subprocess.SubprocessError):
            return None
    commit = run("rev-parse", "HEAD")
    status = run("status", "--porcelain", "--untracked-files=no") if commit else None
    return {"commit": commit, "dirty": bool(status) if status is not None else None}
