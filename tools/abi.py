"""``python -m harness abi snapshot|check``: the ABI gate of a CANN release (tools/abi_gate/).

    python -m harness abi snapshot --out FILE [--root DIR]
    python -m harness abi check [--root DIR] [--against SNAPSHOT] [--json OUT] [--verbose]

The install is ``--root DIR``, else ASCEND_HOME_PATH / ASCEND_TOOLKIT_HOME (``source set_env.sh``);
both layouts of ``python -m simulator.install`` and CANN's own are found from their prefix or
home. ``check`` compares the install's headers (pycparser over ``cc -E``) and its libraries'
exports (pyelftools) with what the suites bind (harness/prototypes.py, harness/abi.py) and,
with ``--against``, with the snapshot of an earlier release: a removed or changed call, export,
enum value, error code or typedef is no-go, an addition is listed. ``--json OUT`` writes the
findings for ``python -m reports build --abi OUT``.

Exit status: 0 go, 1 no-go, 2 usage error or unreadable input (the message names it).
"""
from __future__ import annotations

import os
import sys

from tools.abi_gate import AbiGateError
from tools.abi_gate.compare import against_snapshot, against_suites, verdict
from tools.abi_gate.extract import read_abi
from tools.abi_gate.locate import find_install
from tools.abi_gate.model import load_snapshot, write_json
from tools.abi_gate.render import check_json, summary
from tools.abi_gate.suites import calls, values


def _common(p) -> None:
    p.add_argument("--root", default=None, metavar="DIR",
                   help="the install (default: $ASCEND_HOME_PATH, else $ASCEND_TOOLKIT_HOME)")
    p.add_argument("--cc", default=os.environ.get("CC", "cc"),
                   help="C compiler whose preprocessor reads the headers (default $CC or cc)")


def add_parser(sub) -> None:
    p = sub.add_parser("abi", help="the install's ACL ABI: snapshot it, or check it against the suites' "
                                   "and an earlier release's (no-go on a break)")
    actions = p.add_subparsers(dest="abi_command", required=True, metavar="{snapshot,check}")
    s = actions.add_parser("snapshot", help="write the install's ABI (prototypes, values, typedefs, exports) as JSON")
    s.add_argument("--out", required=True, metavar="FILE", help="the snapshot to write")
    _common(s)
    c = actions.add_parser("check", help="check the install's ABI: exit 0 go, 1 no-go, 2 usage error")
    _common(c)
    c.add_argument("--against", default=None, metavar="SNAPSHOT",
                   help="a snapshot of an earlier release (from `abi snapshot`)")
    c.add_argument("--json", default=None, metavar="OUT", help="write the verdict and findings as JSON")
    c.add_argument("--verbose", "-v", action="store_true", help="list every informational note by name")


def snapshot(args) -> int:
    install = find_install(args.root)
    abi = read_abi(install, args.cc)
    write_json(args.out, abi.to_json(), "--out")
    print(f"wrote the ABI of {install.home} to {args.out}: {len(abi.functions)} functions, "
          f"{len(abi.values)} values, {len(abi.typedefs)} typedefs, "
          f"{sum(len(v) for v in abi.exports.values())} exports of {len(abi.exports)} libraries")
    return 0


def check(args) -> int:
    previous = load_snapshot(args.against) if args.against else None
    install = find_install(args.root)
    abi = read_abi(install, args.cc)
    bound, expected = calls(), values()
    findings = against_suites(abi, bound, expected)
    if previous is not None:
        findings += against_snapshot(previous, abi)
    if args.json:
        write_json(args.json, check_json(install, findings, args.against), "--json")
    print(summary(install, abi, findings, args.against, {"calls": len(bound), "values": len(expected)},
                  args.verbose))
    return 1 if verdict(findings) == "no-go" else 0


def run(args) -> int:
    try:
        return snapshot(args) if args.abi_command == "snapshot" else check(args)
    except AbiGateError as exc:
        print(f"harness abi: error: {exc}", file=sys.stderr)
        return 2
