"""``python -m harness info``: what this host's runtime is, as the suites will see it."""
from __future__ import annotations

import sys

from harness.session import HarnessSession, HarnessUsageError, Options


def add_backend_options(p) -> None:
    p.add_argument("--backend", default="sim", choices=("sim", "device"))
    p.add_argument("--acl-lib", default=None, help="load exactly this library (env ACL_LIBRARY)")
    p.add_argument("--soc", default=None, help="simulator profile (sets ACLSIM_SOC)")
    p.add_argument("--product", default=None, help="override product detection")


def add_parser(sub) -> None:
    p = sub.add_parser("info", help="print backend, library, SoC, product, devices, versions")
    add_backend_options(p)


def open_session(args) -> HarnessSession | None:
    """A HarnessSession from the common options, or None after printing a one-line error."""
    try:
        return HarnessSession(Options(backend=args.backend, acl_lib=args.acl_lib, soc=args.soc,
                                      product=args.product))
    except HarnessUsageError as exc:
        print(f"harness: error: {exc}", file=sys.stderr)
        return None


def run(args) -> int:
    session = open_session(args)
    if session is None:
        return 4
    try:
        print("\n".join(session.info_lines()))
    finally:
        session.close()
    return 0
