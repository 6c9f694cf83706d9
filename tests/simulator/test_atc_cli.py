"""The simulator's atc command line (simulator/atc/cli.py): CANN's flags, messages, exit codes and
refusals, and the SoC names it takes (test_atc.py: the JSON, the names, the .om)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.atc_support import (
    FAILED,
    FAILED_EXIT,
    SOC,
    START,
    SUCCESS,
    add_op,
    needs_library,
    parse_om,
    run_atc,
    write_json,
)
from tests.conftest import ROOT


# ---------------------------------------------------------------- CANN's command line (simulator/atc/cli.py)
def cli_run(tmp_path, *flags, doc=None):
    """atc with a valid single-op file plus `flags`; returns the process and the output dir."""
    json_path = write_json(tmp_path, doc or [add_op(name="add")])
    out_dir = tmp_path / "out"
    proc = run_atc(f"--singleop={json_path}", f"--output={out_dir}", *flags)
    return proc, out_dir


def assert_refused(proc, out_dir, report=None, stderr=None):
    assert proc.returncode == FAILED_EXIT, (proc.stdout, proc.stderr)
    lines = proc.stdout.splitlines()
    assert lines[0] == START and lines[1] == FAILED and SUCCESS not in proc.stdout, proc.stdout
    if report is not None:
        assert lines[2:] == [report], lines
    if stderr is not None:
        assert proc.stderr.strip() == stderr, proc.stderr
    assert not os.path.exists(out_dir)


def test_success_prints_canns_start_and_success_lines(tmp_path):
    needs_library()
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "--log=error")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [START, SUCCESS]
    assert os.listdir(out_dir) == ["add.om"]


@pytest.mark.parametrize("flag", [
    "--log=error", "--log=null", "-log=debug", "--op_debug_level=0", "--op-debug-level=1",
    "--core_type=VectorCore", "--jit_compile=2", "--deterministic=1", "--mode=0", "--display_model_info=0",
    "--op_compiler_cache_mode=disable", "--host_env_os=linux", "--host_env_cpu=aarch64", "--sparsity=0",
    "--precision_mode=must_keep_origin_dtype", "--precision_mode_v2=origin",
    "--op_select_implmode=high_precision", "--allow_hf32=false", "--atomic_clean_policy=1",
    "--soc=Ascend910B1",   # getopt_long: an unambiguous prefix of --soc_version
])
def test_flags_that_change_nothing_are_accepted(tmp_path, flag):
    needs_library()
    extra = [] if flag.startswith("--soc=") else [f"--soc_version={SOC}"]
    proc, out_dir = cli_run(tmp_path, flag, *extra)
    assert proc.returncode == 0, (flag, proc.stdout, proc.stderr)
    assert proc.stdout.splitlines() == [START, SUCCESS]
    assert os.listdir(out_dir) == ["add.om"]


def test_optypelist_is_accepted_with_op_select_implmode(tmp_path):
    needs_library()
    proc, _ = cli_run(tmp_path, f"--soc_version={SOC}", "--op_select_implmode=high_precision_for_all",
                      "--optypelist_for_implmode=Add")
    assert proc.returncode == 0, proc.stdout


@pytest.mark.parametrize("arg,name", [("--bogus=1", "bogus"), ("--soc-versionx=Ascend910B1", "soc_versionx"),
                                      ("-precision-modes=x", "precision_modes"), ("--op=1", "op")],
                         ids=["plain", "dash_rewritten", "single_dash_rewritten", "ambiguous_prefix"])
def test_unknown_flag_is_canns_error(tmp_path, arg, name):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", arg)
    assert_refused(proc, out_dir, stderr=f"ERROR: unknown command line flag '{name}'")
    assert proc.stdout.splitlines()[2:] == []


def test_flag_missing_its_argument(tmp_path):
    proc, out_dir = cli_run(tmp_path, "--soc_version")
    assert_refused(proc, out_dir, stderr="ERROR: flag '--soc_version' is missing its argument")


def test_non_option_parameters(tmp_path):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "stray", "two")
    assert_refused(proc, out_dir, stderr="ERROR: Non-option parameter: stray\nERROR: Non-option parameter: two")


def test_value_taken_from_the_next_argument(tmp_path):
    needs_library()
    proc, out_dir = cli_run(tmp_path, "--soc_version", SOC, "--log", "info")
    assert proc.returncode == 0, proc.stdout
    assert os.listdir(out_dir) == ["add.om"]


BAD_VALUES = [
    ("--log=loud", "E10010: Value loud for parameter --log is invalid."),
    ("--deterministic=2", "E10006: Value 2 for parameter --deterministic is invalid. The value must be either 1 or 0."),
    ("--sparsity=yes", "E10006: Value yes for parameter --sparsity is invalid. The value must be either 1 or 0."),
    ("--core_type=Cube", "E10001: Value Cube for parameter --core_type is invalid. Reason: The value is not "
     "within the range of values. The valid range is [AiCore] [VectorCore] ."),
    ("--op_debug_level=5", "E10001: Value 5 for parameter --op_debug_level is invalid. Reason: The value is not "
     "within the range of values. The valid range is [0] [1] [2] [3] [4] ."),
    ("--mode=2", "E10001: Value 2 for parameter --mode is invalid. Reason: The value is not within the range of "
     "values. The valid range is [0] [1] [3] [30] [5] [6] [7] ."),
    ("--precision_mode=fp64", "E10001: Value fp64 for parameter --precision_mode is invalid. Reason: The value is "
     "not within the range of values. The valid range is [allow_fp32_to_bf16] [allow_fp32_to_fp16] "
     "[allow_mix_precision] [allow_mix_precision_bf16] [allow_mix_precision_fp16] [cube_fp16in_fp32out] "
     "[force_fp16] [force_fp32] [must_keep_origin_dtype] ."),
]


@pytest.mark.parametrize("arg,report", BAD_VALUES, ids=[b[0].split("=")[0][2:] for b in BAD_VALUES])
def test_bad_value_gets_canns_report(tmp_path, arg, report):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", arg)
    assert_refused(proc, out_dir, report=report)


SINGLEOP_REFUSED = ("Reason: When --singleop is specified, --display_model_info=1, --framework, --insert_op_conf, "
                    "and --mode values other than 0 are not supported.")


@pytest.mark.parametrize("arg", ["--mode=1", "--framework=3", "--insert_op_conf=aipp.cfg", "--display_model_info=1"])
def test_canns_singleop_refusals(tmp_path, arg):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", arg)
    assert_refused(proc, out_dir)
    report = proc.stdout.splitlines()[2]
    assert report.startswith("E10001: Value ") and "for parameter --singleop is invalid" in report
    assert report.endswith(SINGLEOP_REFUSED)


def test_both_precision_flags_conflict(tmp_path):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "--precision_mode=must_keep_origin_dtype",
                            "--precision_mode_v2=origin")
    assert_refused(proc, out_dir, report="E10056: Cannot configure both parameters --precision_mode and "
                                         "--precision_mode_v2 simultaneously.")


def test_optypelist_needs_op_select_implmode(tmp_path):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "--optypelist_for_implmode=Add")
    assert_refused(proc, out_dir)
    assert "--optypelist_for_implmode must be used together with --op_select_implmode" in proc.stdout


def test_auto_tune_mode_is_discarded_as_in_cann(tmp_path):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", "--auto_tune_mode=RL,GA")
    assert_refused(proc, out_dir, report="E10001: Value RL,GA for parameter --auto_tune_mode is invalid. Reason: "
                                         "The Auto Tune function has been deprecated. Please use the AOE tool for tuning.")


@pytest.mark.parametrize("arg,name", [
    ("--precision_mode=force_fp32", "precision_mode"), ("--precision_mode_v2=fp16", "precision_mode_v2"),
    ("--op_select_implmode=high_performance", "op_select_implmode"), ("--allow_hf32=true", "allow_hf32"),
    ("--sparsity=1", "sparsity"), ("--op_precision_mode=op.ini", "op_precision_mode"),
    ("--modify_mixlist=mix.json", "modify_mixlist"), ("--customize_dtypes=dt.cfg", "customize_dtypes"),
    ("--keep_dtype=keep.cfg", "keep_dtype"), ("--input_shape=x:1,2", "input_shape"), ("--model=m.pb", "model"),
])
def test_flags_the_simulator_cannot_honour_are_refused_by_name(tmp_path, arg, name):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={SOC}", arg)
    assert_refused(proc, out_dir)
    report = proc.stdout.splitlines()[2]
    value = arg.split("=", 1)[1]
    assert report.startswith(f"E10001: Value {value} for parameter --{name} is invalid. Reason: the simulator "
                             "cannot honour it: "), report


def test_help_prints_usage_and_exits_0():
    proc = run_atc("--help")
    assert proc.returncode == 0 and proc.stdout.splitlines()[0] == START and "usage: atc" in proc.stdout


# ---------------------------------------------------------------- --soc_version names (simulator/cann/soc_versions.toml)
def _soc_table():
    from simulator.cann import soc_versions
    return soc_versions.table()


COVERED = sorted(_soc_table()["covered"].items())
REFUSED = _soc_table()["refused"]["names"]


def test_every_platform_list_name_is_covered_or_refused():
    """cann-install.md section 5, 8.1.RC1 and RT HEAD lists, all present in the table."""
    listed = ["Ascend310", "Ascend310B1", "Ascend310B2", "Ascend310B3", "Ascend310B4", "Ascend310P1", "Ascend310P3",
              "Ascend310P5", "Ascend310P7", "Ascend910A", "Ascend910B", "Ascend910ProA", "Ascend910ProB",
              "Ascend910PremiumA", "Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3", "Ascend910B4",
              "Ascend910B4-1", "Ascend910_9362", "Ascend910_9363", "Ascend910_9372", "Ascend910_9381",
              "Ascend910_9382", "Ascend910_9391", "Ascend910_9392", "Ascend910_95", "Ascend910_5591", "Ascend610",
              "Ascend610Lite", "Ascend031", "Ascend035", "Ascend035A", "Ascend035B", "AS31XM1X", "BS9SX1AA",
              "BS9SX1AB", "BS9SX1AC", "BS9SX2AA", "BS9SX2AB", "MC61AM21AA", "MC61AM21AB", "Hi3796CV300ES",
              "Hi3796CV300CS", "SD3403"]
    placed = set(dict(COVERED)) | set(REFUSED)
    assert sorted(set(listed) - placed) == []
    assert not set(dict(COVERED)) & set(REFUSED)


@pytest.mark.slow
def test_covered_socs_select_the_products_the_simulator_gives_them():
    """The table's product for each covered SoC is the one the simulator library reports for it."""
    needs_library()
    code = """
import ctypes, json, os, subprocess, sys
out = {}
for soc in SOCS:
    proc = subprocess.run([sys.executable, "-c", "import ctypes, simulator; lib = ctypes.CDLL(simulator.library_path()); "
                           "lib.aclsimProductId.restype = ctypes.c_char_p; lib.aclInit(None); print(lib.aclsimProductId().decode())"],
                          env={**os.environ, "ACLSIM_SOC": soc}, capture_output=True, text=True)
    out[soc] = proc.stdout.strip()
print(json.dumps(out))
"""
    socs = [s for s, _ in COVERED] + ["Ascend950PR_9579", "Ascend950DT_9571"]
    proc = subprocess.run([sys.executable, "-c", f"SOCS = {socs!r}\n" + code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    got = json.loads(proc.stdout)
    expected = {**dict(COVERED), "Ascend950PR_9579": "atlas-350", "Ascend950DT_9571": "atlas-350"}
    assert got == expected


@pytest.mark.parametrize("soc", REFUSED + ["Ascend910", "Ascend310P2x"])
def test_refused_soc_is_named_with_the_covered_products(tmp_path, soc):
    proc, out_dir = cli_run(tmp_path, f"--soc_version={soc}")
    assert_refused(proc, out_dir)
    report = proc.stdout.splitlines()[2]
    assert report.startswith(f"E10001: Value {soc} for parameter --soc_version is invalid. Reason: SoC {soc} is "
                             "not simulated: ")
    for product in ("atlas-training (Ascend910A", "atlas-inference (Ascend310P1", "atlas-a2 (Ascend910B1",
                    "atlas-200i-500-a2 (Ascend310B1", "atlas-a3 (Ascend910_9362", "atlas-350 (Ascend950*)"):
        assert product in report, report


@pytest.mark.parametrize("soc", ["Ascend310P3", "Ascend910_9391", "Ascend950PR_9579", "Ascend910A"])
def test_covered_soc_is_accepted(tmp_path, soc):
    needs_library()
    proc, out_dir = cli_run(tmp_path, f"--soc_version={soc}")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert parse_om((out_dir / "add.om").read_text())["soc"] == soc
