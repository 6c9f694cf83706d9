"""The `atc` command line, parsed the way CANN's atc parses it, for the simulator's single-op atc.

Parsing follows hicann/ge api/atc/cmd_flag_info.cc (ParseCommandLine): ``-flag`` becomes
``--flag`` and dashes inside a flag name become ``_`` (FormatArgv); flags are matched as
getopt_long matches them (exact name, or an unambiguous prefix); ``--flag=value`` or ``--flag
value``. Its messages: ``ERROR: unknown command line flag '<name>'``, ``ERROR: flag '<f>' is
missing its argument``, ``ERROR: Non-option parameter: <arg>`` (stderr, at once), and the error
manager's E10001 / E10006 / E10010 / E10004 / E10056 lines (stdout, after the failure line; formats
from GE base/common/error_registry/error_registry.cc). Which flags the simulator reads, accepts,
honours only for some values, or refuses: simulator/cann/atc_flags.toml.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .. import cann

FLAGS_TABLE = cann.path("atc_flags.toml")
SINGLEOP_REASON = ("When --singleop is specified, --display_model_info=1, --framework, --insert_op_conf, "
                   "and --mode values other than 0 are not supported.")
USAGE = """usage: atc --singleop=<json> --output=<dir> --soc_version=<soc> [flags]
The simulator's atc: converts an ATC single-op JSON file into simulator .om files.
Flags it reads: --singleop, --output, --soc_version. Other single-op flags of CANN's atc are
accepted when they change nothing the simulator computes and refused by name otherwise
(simulator/cann/atc_flags.toml)."""


class HelpRequested(Exception):
    pass


class CliFailure(Exception):
    """The command line is refused. ``stderr``: GFPRINTF lines; ``reports``: error-manager lines."""

    def __init__(self, stderr: list[str] | None = None, reports: list[str] | None = None):
        self.stderr = stderr or []
        self.reports = reports or []
        super().__init__("; ".join(self.stderr + self.reports))


@dataclass
class Options:
    singleop: str = ""
    output: str = ""
    soc_version: str = ""
    given: dict[str, str] = field(default_factory=dict)   # every flag of the command line -> value


@lru_cache(maxsize=1)
def table() -> dict:
    return cann.read(FLAGS_TABLE)


def known_flags() -> list[str]:
    return list(table()["flags"]) + list(table()["model_flags"]["names"])


# ---------------------------------------------------------------- error-manager messages
def e10001(value: str, parameter: str, reason: str) -> str:
    return f"E10001: Value {value} for parameter {parameter} is invalid. Reason: {reason}"


def bad_value_message(name: str, value: str, values: list[str]) -> str:
    """cmd_flag_info.cc PrintValueError."""
    if name in table()["messages"]["one_or_zero"]:
        return f"E10006: Value {value} for parameter --{name} is invalid. The value must be either 1 or 0."
    if name == "log":
        return f"E10010: Value {value} for parameter --log is invalid."
    valid = "".join(f"[{v}] " for v in sorted(values))   # std::set order
    return e10001(value, f"--{name}", f"The value is not within the range of values. The valid range is {valid}.")


# ---------------------------------------------------------------- argv rewriting and matching
def format_arg(arg: str) -> str:
    """FormatArgv: ReplaceFlagPrefixSingleMinus, then ReplaceFlagNameMinus."""
    arg = re.sub(r"^-(?=[A-Za-z]{2,})", "--", arg)
    if re.match(r"^--(?=[A-Za-z]{2,})", arg):
        head, sep, tail = arg[4:].partition("=")
        arg = arg[:4] + head.replace("-", "_") + sep + tail
    return arg


def flag_display_name(arg: str) -> str:
    """GetFlagName: the flag without its dashes and value."""
    return re.sub(r"^-+|=.*", "", arg)


def match_flag(name: str) -> str | None:
    """getopt_long: an exact name, else the one flag the name abbreviates (None: unknown/ambiguous)."""
    names = known_flags()
    if name in names:
        return name
    candidates = [n for n in names if n.startswith(name)] if name else []
    return candidates[0] if len(candidates) == 1 else None


def split_command_line(argv: list[str]) -> tuple[dict[str, str], list[str]]:
    """(flag -> value, non-option arguments), or CliFailure with CANN's GFPRINTF line."""
    given: dict[str, str] = {}
    positional: list[str] = []
    args = [format_arg(a) for a in argv]
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "--":
            positional += args[i:]
            break
        if not arg.startswith("-") or arg == "-":
            positional.append(arg)
            continue
        body = arg[2:] if arg.startswith("--") else arg[1:]
        name, has_value, value = body.partition("=")
        flag = "help" if arg == "-h" else (match_flag(name) if arg.startswith("--") else None)
        if flag is None:
            raise CliFailure([f"ERROR: unknown command line flag '{flag_display_name(arg)}'"])
        if flag == "help":
            given[flag] = value if has_value else "1"
            continue
        if not has_value:
            if i >= len(args):
                raise CliFailure([f"ERROR: flag '{arg}' is missing its argument"])
            value = args[i]
            i += 1
        check_value(flag, value)   # UpdateCmdFlagInfo checks each flag as it is parsed
        given[flag] = value
    return given, positional


# ---------------------------------------------------------------- checks
def check_value(name: str, value: str) -> None:
    values = table()["flags"].get(name, {}).get("values")
    if values is not None and value not in values:
        raise CliFailure(reports=[bad_value_message(name, value, values)])


def refusal(name: str, value: str) -> str | None:
    """The report refusing a flag the simulator cannot honour, or None when it is fine."""
    if name in table()["model_flags"]["names"]:
        return e10001(value, f"--{name}", f"the simulator cannot honour it: {table()['model_flags']['reason']}.")
    spec = table()["flags"][name]
    use = spec["use"]
    if use == "refused":
        if name == "auto_tune_mode":   # main_impl.cc: CANN itself refuses it
            return e10001(value, "--auto_tune_mode", spec["reason"]) if value else None
        return e10001(value, f"--{name}", f"the simulator cannot honour it: {spec['reason']}.")
    if use == "honoured" and value not in spec["honoured"]:
        allowed = ", ".join(spec["honoured"])
        return e10001(value, f"--{name}", f"the simulator cannot honour it: {spec['reason']} "
                                          f"(it honours only {allowed}).")
    return None


def check_singleop(given: dict[str, str]) -> None:
    """main_impl.cc CheckAndRunSingleOp and the precision / implmode checks before it."""
    flags = table()["flags"]
    blocked = [n for n in given if flags.get(n, {}).get("use") == "singleop_refused"
               and given[n] not in flags[n]["allowed"]]
    if blocked:
        raise CliFailure(reports=[e10001(given["singleop"], "--singleop", SINGLEOP_REASON)])
    if given.get("precision_mode") and given.get("precision_mode_v2"):
        raise CliFailure(reports=["E10056: Cannot configure both parameters --precision_mode and "
                                  "--precision_mode_v2 simultaneously."])
    if given.get("optypelist_for_implmode") and not given.get("op_select_implmode"):
        raise CliFailure(reports=[e10001(given["optypelist_for_implmode"], "--optypelist_for_implmode",
                                         "--optypelist_for_implmode must be used together with "
                                         "--op_select_implmode.")])
    reports = [r for n, v in given.items() if (r := refusal(n, v))]
    if reports:
        raise CliFailure(reports=reports)
    for name in ("output", "soc_version"):
        if not given.get(name):
            raise CliFailure(reports=[f"E10004: Value for --{name} is empty."])


# main_impl.cc CheckFlags (mode 0) and omg.cc ParseGraph: what CANN's atc reports for a --model
# conversion. --framework unset: E10007; Caffe without --weight: E10008; MindSpore (1): the model
# file is loaded (GenerateModel), E10041 when that fails; otherwise the framework's model parser is
# created, and an atc without that parser (the simulator's has none) reports parser_factory.cc
# CreateModelParser's and omg.cc ParseGraph's inner errors, E19999 (error_manager's
# "<code>: Internal Error!" block).
FRAMEWORKS = "0(Caffe) or 1(MindSpore) or 3(TensorFlow) or 5(Onnx)"
NO_PARSER_HINT = ("atc: the simulator's atc has no model parsers: it converts single-op JSON files "
                  "only (--singleop=<json>)")


def model_conversion(given: dict[str, str]) -> None:
    framework = given.get("framework", "-1")
    if framework == "-1":
        raise CliFailure(reports=[f"E10007: --framework is required. The value must be {FRAMEWORKS}."])
    if framework == "0" and not given.get("weight"):
        raise CliFailure(reports=["E10008: --weight must not be empty when --framework is set to 0 (Caffe)."])
    if framework == "1":   # main_impl.cc GenerateModel: MindSpore models are loaded, not parsed
        raise CliFailure(stderr=[NO_PARSER_HINT], reports=[f"E10041: Failed to load the model from {given['model']}."])
    raise CliFailure(stderr=[NO_PARSER_HINT], reports=[
        "E19999: Internal Error!",
        f"E19999  param type invalid, Not supported Type: {framework}"
        "[FUNC:CreateModelParser][FILE:parser_factory.cc][LINE:57]",
        "        TraceBack (most recent call last):",
        f"        CreateModelParser failed, type:{framework}[FUNC:ParseGraph][FILE:omg.cc][LINE:821]"])


def parse(argv: list[str]) -> Options:
    given, positional = split_command_line(argv)
    if given.get("help", "0") not in ("0", "false"):
        raise HelpRequested()
    if positional:
        raise CliFailure([f"ERROR: Non-option parameter: {p}" for p in positional])
    if not given.get("singleop") and given.get("model"):
        model_conversion(given)
    if not given.get("singleop"):
        reason = "the simulator's atc converts single-op JSON files only (--singleop=<json>)."
        raise CliFailure(reports=[e10001(given.get("singleop", ""), "--singleop", reason)])
    check_singleop(given)
    return Options(given["singleop"], given["output"], given["soc_version"], given)
