"""``python -m harness info``: what this host's runtime is, as the suites will see it."""
from __future__ import annotations

import argparse
import sys

from .session import HarnessSession, HarnessUsageError, Options


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m harness")
    sub = parser.add_subparsers(dest="command", required=True)
    info = sub.add_parser("info", help="print backend, library, SoC, product, devices, versions")
    info.add_argument("--backend", default="sim", choices=("sim", "device"))
    info.add_argument("--acl-lib", default=None)
    info.add_argument("--soc", default=None, help="simulator profile (sets ACLSIM_SOC)")
    info.add_argument("--product", default=None)
    args = parser.parse_args(argv)
    try:
        session = HarnessSession(Options(backend=args.backend, acl_lib=args.acl_lib,
                                         soc=args.soc, product=args.product))
    except HarnessUsageError as exc:
        print(f"harness: error: {exc}", file=sys.stderr)
        return 4
    try:
        print("\n".join(session.info_lines()))
    finally:
        session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
