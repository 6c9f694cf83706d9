"""The simulator's `atc`: turn an ATC single-op JSON file into simulator `.om` files.

    python -m simulator.atc --singleop=ops.json --output=DIR --soc_version=Ascend910B1

Reads the JSON described in acl-abi.md section 4 (an array of op objects), validates it the way
ATC does, writes one `.om` per op in the text format of OM_FORMAT.md and names the files with the
2026 rule (`name` when it is a safe file name, else `<index>_<op>_<type>_<format>_<dims>...`).
A JSON or validation error in any entry (the checks done here in Python) builds nothing. Each op
is then compiled: looked up in the operator information library under ASCEND_OPP_PATH when that is
set (simulator/opp.py, as CANN's FE reads its op store), then checked by the simulator library
(`aclsimValidateModel`: IR, the per-SoC operator support, dtypes for the SoC, shape inference). An op that fails is reported with CANN's line ("Compile op failed. ge ret = %u,
op index = %d") and the others are still written; the exit status is that of the LAST op only,
as in CANN (cann-install.md section 4), so an earlier op's failure can end in "ATC run success".
Files are built in a temporary directory next to DIR and moved in complete (os.replace).

The command line is CANN's (cli.py: flags, value sets, messages, rewriting of
``-flag`` and ``--flag-name``); the CANN-shaped install's ``bin/atc`` runs this module. Output is
CANN's: "ATC start working now, please wait for a moment." first, then "ATC run success, welcome
to the next use." or "ATC run failed, ..." followed by error-manager lines (stdout); the
simulator's one-line detail of a failure goes to stderr.

Exit codes: 0 success (or --help), also when an op before the last failed to compile; 255 any
other failure (CANN's main_impl returns -1 for a refused command line, cann-install.md section 4;
255 for a failed build is UNCONFIRMED).
"""
from __future__ import annotations

import sys

from ..cann import soc_versions
from . import cli
from .compile import compile_ops, load_validator
from .model import AtcError
from .om import check_unique_names, om_text, write_outputs
from .parse import parse_ops, read_json

# GE api/atc/main_impl.cc (main_impl, CheckRet).
START_MESSAGE = "ATC start working now, please wait for a moment."
SUCCESS_MESSAGE = "ATC run success, welcome to the next use."
FAILURE_MESSAGE = "ATC run failed, Please check the detail log, Try 'atc --help' for more information"
# main_impl returns CheckRet's status: -1 for a refused command line (exit 255, cann-install.md
# section 4); a failed build returns ge::FAILED, whose exit status is UNCONFIRMED: 255 here too.
FAILURE_EXIT = 255


def check_soc(soc: str) -> None:
    """Every --soc_version name of CANN's platform lists selects a simulator profile or is refused
    by name (simulator/cann/soc_versions.toml)."""
    try:
        soc_versions.resolve(soc)
    except soc_versions.SocRefused as err:
        raise AtcError(f"atc: --soc_version: {err}",
                       [cli.e10001(soc, "--soc_version", str(err))]) from None


def run(args: cli.Options) -> int:
    """Parse and check every entry first (any error builds nothing), compile op by op, write the
    ops that compiled. The status is the LAST op's, as in CANN (BuildSingleOpModels overwrites its
    ret each iteration): an earlier op's failure still ends in success (docs/FIDELITY.md)."""
    check_soc(args.soc_version)
    ops = parse_ops(read_json(args.singleop), args.singleop)
    names = check_unique_names(ops, args.singleop)
    files = {name: om_text(op, args.soc_version).encode("utf-8") for name, op in zip(names, ops)}
    validate, warning = load_validator()
    if warning:
        print(warning, file=sys.stderr)
    failed = compile_ops(validate, names, ops, files, args)
    built = {name: files[name] for name, op in zip(names, ops) if op.index not in failed}
    if built:
        write_outputs(args.output, built)
    last = ops[-1]
    if last.index in failed:
        raise AtcError(f"atc: {args.singleop}: the last op, op[{last.index}] ({last.op}), failed to compile; "
                       f"{len(built)} of {len(ops)} models written")
    return 0


def fail(stderr: list[str], reports: list[str]) -> int:
    """CheckRet(failure): the detail on stderr, then CANN's failure line and error reports on stdout."""
    for line in stderr:
        print(line, file=sys.stderr)
    print(FAILURE_MESSAGE)
    for line in reports:
        print(line)
    return FAILURE_EXIT


def main(argv: list[str] | None = None) -> int:
    print(START_MESSAGE, flush=True)
    try:
        options = cli.parse(sys.argv[1:] if argv is None else argv)
    except cli.HelpRequested:
        print(cli.USAGE)
        return 0
    except cli.CliFailure as err:
        return fail(err.stderr, err.reports)
    try:
        run(options)
    except AtcError as err:
        return fail([str(err)], err.reports)
    print(SUCCESS_MESSAGE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
