"""``python -m harness info``: what this host's runtime is, as the suites will see it;
``--ops``: what it declares per op (its op information library) and where that differs from the
documented minimum (the catalog)."""
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
    p.add_argument("--ops", action="store_true",
                   help="also print the runtime's declared operator support and where it differs from the "
                        "documented minimum")
    p.add_argument("--opp-path", default=None, help="the op information library (default: $ASCEND_OPP_PATH)")


def open_session(args) -> HarnessSession | None:
    """A HarnessSession from the common options, or None after printing a one-line error."""
    try:
        return HarnessSession(Options(backend=args.backend, acl_lib=args.acl_lib, soc=args.soc,
                                      product=args.product, opp_path=getattr(args, "opp_path", None)))
    except HarnessUsageError as exc:
        print(f"harness: error: {exc}", file=sys.stderr)
        return None


def run(args) -> int:
    session = open_session(args)
    if session is None:
        return 4
    try:
        print("\n".join(session.info_lines() + [session.declaration_line()]))
        if getattr(args, "ops", False):
            print("\n".join(op_lines(session)))
    finally:
        session.close()
    return 0


def op_lines(session) -> list[str]:
    """Per catalog op: what the library declares for the SoC (combinations, required attrs, the
    dynamic-shape flag) and the differences from the documented minimum, both sources named."""
    from fixtures import catalog, declared
    support = declared.for_session(session)
    lib = support.library
    if lib is None:
        return [f"declared operator support: {session.declaration_origin}"]
    lines = [f"declared operator support of {lib.soc_dir} ({len(lib.ops)} ops in {', '.join(lib.files)}):"]
    for op in catalog.CATALOG:
        decl = lib.get(op.name)
        if decl is None:
            lines.append(f"  {op.name}: no entry (documented minimum: {', '.join(op.dtypes_for(session.product))})")
            continue
        combos = "dtypes chosen at compile time (dynamicFormat)" if decl.combinations is None else \
            "; ".join(c.describe(decl) for c in decl.combinations)
        extra = f"required attrs {', '.join(decl.required_attrs)}; " if decl.required_attrs else ""
        lines.append(f"  {op.name}: {extra}dynamic shape {'yes' if decl.dynamic_shape else 'no'}; {combos}")
    findings = _differences(support, session.product)
    lines.append(f"differences from the documented minimum ({len(findings)}):")
    return lines + [f"  {f}" for f in findings]


def _differences(support, product) -> list[str]:
    from fixtures import catalog, declared
    out = []
    for case in catalog.all_cases():
        v = support.verdict(case)
        if v.status == declared.UNDECLARED and not case.op.unsupported_reason(case.all_dtypes(), product):
            out.append(f"documented, not declared: {v.detail}; {declared.documented_source(case)}")
    extra = declared.extra_cases(support, product)
    out += [f"declared beyond the documented minimum: {support.verdict(c).detail}" for c in extra]
    out += [f"declared, no case exercises it: {m}" for m in declared.unexercised(support, catalog.all_cases() + extra)]
    return sorted(set(out))
