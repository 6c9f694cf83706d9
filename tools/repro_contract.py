"""The reproducer of one contract-table row for ``python -m harness repro`` (tools/repro.py):
``suites/test_contract_exec.py::test_rejects[ROW-CASE]`` (``EXEC_INVALID`` of
fixtures/contract/table.py) and ``suites/test_contract_create.py::test_create_rejects[ROW-CASE]``
(``CREATE_INVALID``), over the contract cases of fixtures/contract/cases.py.

Every row, present and future, is reproduced without C written for it: the row's ``build(p, env)``
runs against a *symbolic* valid call. ``Prepared.launch_raw`` (fixtures/launch.py) and
``create_handle_raw`` (fixtures/contract/resources.py), the very code the suites call, run
unchanged on a stand-in runtime whose buffers, handle and stream are tokens (distinct integers)
and whose ``MutationEnv`` stand-in (``SymbolicEnv``) makes tokens for destroyed objects, short
buffers, descs and attrs, from the same pure definitions as the real one (``short_length``,
``desc_fields``, ``attr_items``). What reaches the stand-in's ``aclopExecWithHandle`` or
``aclopCreateHandle`` is written to ``call.txt``: every argument as a token, a count, NULL or an
array (its real length: ``pointer_array`` makes a one-element array for an empty list, and so
does the C program). A value that is no token (say, a raw number passed as a pointer) or a row
whose build needs something the stand-in lacks is refused with an error naming the row.

``repro_templates/contract.c`` (as ``src/main.c``) reads case.txt (the valid call: the numeric
reproducer's format and reader) and call.txt, sets the valid call up as ``Launcher.prepare`` does
(guarded buffers, outputs pre-filled with a sentinel), makes the invalid call, prints the observed
code, the expected ones, the clause and its rule, and checks what the suite checks: a documented
code; no output, guard or input byte changed; a valid call afterwards gives the reference outputs.

The rows and their ids are the suites' own parametrizations (each suite module's ``_params``),
so an id reproduces exactly when the suite has it.
"""
from __future__ import annotations

import ctypes
import importlib.util
import os
import sys

import numpy as np

from harness.dtypes import to_numpy

from . import ROOT
from .repro_files import NotReproducible, tensor_words, write_case, write_program, write_readme

SUITES = {"contract-exec": "suites/test_contract_exec.py", "contract-create": "suites/test_contract_create.py"}
FUNCTIONS = {"contract-exec": "aclopExecWithHandle", "contract-create": "aclopCreateHandle"}
TOKEN_BASE = 0x7E57_0000_0000          # far from any count a row passes where a pointer goes


def _suite(family: str):
    """The suite module (loaded from the checkout under a private name), for its ``_params``."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    name = "_repro_suite_" + family.replace("-", "_")
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, SUITES[family]))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[name] = module
    return sys.modules[name]


def rows(family: str) -> list[tuple[str, object, str]]:
    """(parameter id, Invalid row, contract case id) of every test of the family's suite."""
    return [(p.id, *p.values) for p in _suite(family)._params()]


class Symbols:
    """Tokens (distinct integers standing for pointers) and the definitions call.txt gives them."""

    def __init__(self):
        self.names: dict[int, str] = {}
        self.defs: list[str] = []
        self._counts: dict[str, int] = {}

    def token(self, text: str) -> int:
        value = TOKEN_BASE + 16 * len(self.names)
        self.names[value] = text
        return value

    def define(self, kind: str, words: str, more: list[str] = ()) -> int:
        """A named object (``buffer``, ``desc``, ``attrs``) defined by one line (and ``more``)."""
        n = self._counts.get(kind, 0)
        self._counts[kind] = n + 1
        name = f"{kind[0]}{n}"
        self.defs.append(f"{kind} {name} {words}".rstrip())
        self.defs += [m.format(name=name) for m in more]
        return self.token(name)

    def word(self, value, what: str) -> str:
        if value is None:
            return "NULL"
        if isinstance(value, int) and value in self.names:
            return self.names[value]
        raise NotReproducible(f"{what} is {value!r}, which the reproducer cannot make (not an object of the "
                              f"valid call or of the contract's resources)")

    def array(self, arr, what: str) -> str:
        """NULL, or ``array N TOKEN...`` of a ctypes pointer array (its real length)."""
        if arr is None:
            return "NULL"
        if not isinstance(arr, ctypes.Array):
            raise NotReproducible(f"{what} is {arr!r}, not a pointer array")
        return f"array {len(arr)} " + " ".join(self.word(v, f"{what}[{i}]") for i, v in enumerate(arr))


def desc_words(dtype, fmt, shape, *, name=None, ranges=(), host=False) -> str:
    class _T:
        pass
    t = _T()
    t.dtype, t.format, t.shape = dtype, fmt, tuple(shape)
    words = tensor_words(t)
    if name:
        words += f" name {name}"
    if ranges:
        words += " range " + " ".join(f"{lo} {hi}" for lo, hi in ranges)
    return words + (" host" if host else "")


class _Obj:
    """A stand-in buffer, handle or tensor: ``ptr`` is a token."""

    def __init__(self, ptr: int, **kw):
        self.ptr = ptr
        self.__dict__.update(kw)


class SymbolicEnv:
    """MutationEnv's interface (fixtures/contract/resources.py), making tokens instead of objects."""

    def __init__(self, symbols: Symbols, tensors: dict[int, tuple[str, int]]):
        self.sym, self._tensors = symbols, tensors

    def destroyed_handle(self, prepared) -> int:
        return self.sym.token("destroyed-handle")

    def destroyed_buffer(self) -> int:
        return self.sym.token("destroyed-buffer")

    def destroyed_stream(self) -> int:
        return self.sym.token("destroyed-stream")

    def short_buffer(self, tensor, short_by: int) -> int:
        from fixtures.contract.resources import short_length
        where = self._tensors.get(id(tensor))
        if where is None:
            raise NotReproducible(f"short_buffer of {tensor!r}: not a tensor of the valid call")
        return self.sym.define("buffer", f"{where[0]} {where[1]} {short_length(tensor, short_by)}")

    def null_buffer(self) -> int:
        return self.sym.token("null-buffer")

    def descs(self, specs) -> list[int]:
        return [self.sym.define("desc", desc_words(s.dtype, s.format, s.shape, name=s.name, ranges=s.shape_range))
                for s in specs]

    def desc_like(self, spec, *, dtype=None, dims=None, fmt=None, placement_host=False, dynamic=None) -> int:
        from fixtures.contract.resources import desc_fields
        d_type, shape, f, ranges = desc_fields(spec, dtype=dtype, dims=dims, fmt=fmt, dynamic=dynamic)
        return self.sym.define("desc", desc_words(d_type, f, shape, ranges=ranges, host=placement_host))

    def attr(self, spec, *, extra=None, drop_first=False, change_first=False, retype_first=False) -> int:
        from fixtures.contract.resources import attr_items
        from harness.acl import attr_value

        from .repro_files import attr_line
        items = attr_items(spec, extra=extra, drop_first=drop_first, change_first=change_first,
                           retype_first=retype_first)
        lines = [attr_line(k, attr_value(v), prefix="attr {name}") for k, v in items.items()]
        return self.sym.define("attrs", "", lines)


class _Raw:
    """The two entry points of a stand-in runtime: each records its arguments and returns 0."""

    def __init__(self):
        self.calls: list[tuple] = []

    def aclopExecWithHandle(self, *args):
        self.calls.append(("aclopExecWithHandle", args))
        return 0

    def aclopCreateHandle(self, *args):
        self.calls.append(("aclopCreateHandle", args))
        return 0


class _Acl:
    def __init__(self):
        self.raw = _Raw()

    def recent_error_message(self) -> str:
        return ""


def _count(value, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int) or not -2**31 <= value < 2**31:
        raise NotReproducible(f"{what} is {value!r}, not a C int")
    return str(value)


def symbolic_call(family: str, inv, case) -> tuple[list[str], list[str]]:
    """(definitions, ``arg`` lines) of the call the suite makes for row ``inv`` on ``case``."""
    from fixtures.contract.resources import create_handle_raw
    from fixtures.launch import Prepared
    sym, acl = Symbols(), _Acl()
    spec = case.spec
    tensors: dict[int, tuple[str, int]] = {}
    inputs, in_buffers, outputs = [], [], []
    for i, x in enumerate(case.inputs):
        if x is None:
            inputs.append(None)
        else:
            inputs.append(_Obj(sym.token(f"memory of input {i}"), nbytes=x.nbytes))
            tensors[id(inputs[-1])] = ("in", i)
        in_buffers.append(_Obj(sym.token(f"in.{i}")))
    for i, t in enumerate(spec.outputs):
        nbytes = int(np.prod(t.shape, dtype=np.int64)) * to_numpy(t.dtype).itemsize
        outputs.append(_Obj(sym.token(f"memory of output {i}"), nbytes=nbytes, buffer=_Obj(sym.token(f"out.{i}"))))
        tensors[id(outputs[-1])] = ("out", i)
    env = SymbolicEnv(sym, tensors)
    where = f"row {inv.id} on {case.id}"
    try:
        if family == "contract-exec":
            p = Prepared(acl, spec, _Obj(sym.token("handle")), inputs, in_buffers, outputs, list(case.inputs),
                         case.reference, case.id)
            kwargs = inv.build(p, env)
            p.launch_raw(**{"stream": sym.token("stream"), **kwargs})         # as test_rejects calls it
        else:
            create_handle_raw(acl, spec, env, **inv.build(spec, env))         # as test_create_rejects does
    except NotReproducible as exc:
        raise NotReproducible(f"{where}: {exc}") from None
    except Exception as exc:                                                  # noqa: BLE001 - named below
        raise NotReproducible(f"{where}: its build needs what the reproducer's stand-in runtime lacks "
                              f"({type(exc).__name__}: {exc})") from None
    if len(acl.raw.calls) != 1:
        raise NotReproducible(f"{where}: makes {len(acl.raw.calls)} calls, the reproducer makes one")
    name, a = acl.raw.calls[0]
    try:
        if name == "aclopExecWithHandle":
            h, n_in, ins, n_out, outs, stream = a
            lines = [f"arg handle {sym.word(h, 'handle')}", f"arg numInputs {_count(n_in, 'numInputs')}",
                     f"arg inputs {sym.array(ins, 'inputs')}", f"arg numOutputs {_count(n_out, 'numOutputs')}",
                     f"arg outputs {sym.array(outs, 'outputs')}", f"arg stream {sym.word(stream, 'stream')}"]
        else:
            op, n_in, ins, n_out, outs, attr, handle_out = a
            if op is not None and (not isinstance(op, bytes) or not op or not op.decode("ascii", "replace").isidentifier()):
                raise NotReproducible(f"opType is {op!r}: only NULL or a plain name is reproduced")
            if handle_out is not None and type(handle_out).__name__ != "CArgObject":
                raise NotReproducible(f"handle is {handle_out!r}, not NULL or a valid out-parameter")
            lines = [f"arg opType {'NULL' if op is None else 'string ' + op.decode()}",
                     f"arg numInputs {_count(n_in, 'numInputs')}", f"arg inputDesc {sym.array(ins, 'inputDesc')}",
                     f"arg numOutputs {_count(n_out, 'numOutputs')}",
                     f"arg outputDesc {sym.array(outs, 'outputDesc')}", f"arg opAttr {sym.word(attr, 'opAttr')}",
                     f"arg handle {'NULL' if handle_out is None else 'out'}"]
    except NotReproducible as exc:
        raise NotReproducible(f"{where}: {exc}") from None
    return sym.defs, lines


def find_row(family: str, test_id: str):
    """(Invalid row, contract case id) of a test id of the family, or NotReproducible."""
    param = test_id[test_id.index("[") + 1:-1]
    table = rows(family)
    for pid, inv, cid in table:
        if pid == param:
            return inv, cid
    raise NotReproducible(f"{test_id}: {SUITES[family]} has no test [{param}] (its ids are ROW-CASE, e.g. "
                          f"[{table[0][0]}])")


def call_lines(family: str, test_id: str, inv, case) -> list[str]:
    """The lines of call.txt."""
    from harness.abi import ERR, error_name
    defs, args = symbolic_call(family, inv, case)
    head = [f"# the invalid call of {test_id}, written by python -m harness repro (tools/repro_contract.py)",
            f"function {FUNCTIONS[family]}", f"test {test_id}", f"row {inv.id}", f"case {case.id}",
            f"clause {inv.clause}"]
    head += [f"rule {ln.strip()}" for ln in inv.rule().splitlines()]   # each printed as it stands
    head += [f"expect {int(c)} {error_name(int(c))}" for c in inv.expected]
    names = {}
    for e in ERR:
        names.setdefault(int(e.value), e.name)
    head += [f"codename {c} {n}" for c, n in sorted(names.items())]
    return head + defs + args


VERDICT = """It prints the row, its rule, the call with its arguments (tokens of `call.txt`: `in.0` is input 0's
valid data buffer, `b0`/`d0`/`a0` the buffers, descs and attrs defined there, `destroyed-*` objects
made and destroyed first), then `observed CODE NAME` and `expected CODE NAME [or ...]`, and checks
what the suite checks:

- the code is one of the expected ones;
- for aclopExecWithHandle, after a stream sync, no output byte changed (outputs are pre-filled
  with the pattern 0xEE 0x7F), no guard band (64 bytes of 0xA5 0x5A 0xC3 0x3C around every buffer)
  and no input byte changed;
- the stream is still usable: a valid aclopExecWithHandle afterwards (aclopCreateHandle rows: with
  a new handle) succeeds and its outputs match `data/expected_N.bin` (EWH-07).

The last line is the verdict: `PASS ROW: ...` (exit 0) when all hold, else `FAIL ROW: ` and every
reason (exit 1); exit 2 means a bad input file, and 1 also an ACL call of the set-up that failed
(printed with its code)."""


def write(family: str, test_id: str, product_id: str, out: str) -> str:
    """Writes the reproducer of ``test_id`` into ``out``; returns its short name."""
    from fixtures.contract.cases import CONTRACT_CASES
    from harness.products import BY_ID, DEFAULT_SOC
    from reference.compare import default_standard
    inv, cid = find_row(family, test_id)
    case = CONTRACT_CASES[cid](bool(getattr(BY_ID.get(product_id), "saturation_mode", False)))
    lines = call_lines(family, test_id, inv, case)          # first: a row it cannot express writes nothing
    expected = case.reference()
    write_case(out, case.spec, case.inputs, expected, [default_standard(e.dtype) for e in expected])
    with open(os.path.join(out, "call.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    write_program(out, "contract.c")
    from harness.abi import error_name
    codes = " or ".join(f"{int(c)} {error_name(int(c))}" for c in inv.expected)
    rule = "\n".join(f"> {ln.strip()}" for ln in inv.rule().splitlines())
    crash = ("\n\nThe row is crash-prone on hardware (the suite isolates it there): a real runtime may "
             "crash instead of returning a code, which is a FAIL of the runtime too." if inv.crash_prone else "")
    what = (f"Row `{inv.id}` of the {FUNCTIONS[family]} contract table (parameter `{inv.param}`, clause "
            f"{inv.clause}; fixtures/contract/table.py) on the valid call `{case.id}` "
            f"({case.spec.describe()}): the call must return {codes}.\n\n{rule}{crash}")
    write_readme(out, title=f"{inv.id} on {case.id} ({product_id})", test_id=test_id, product=product_id,
                 what=what, files="| `call.txt` | the invalid call: each argument, the objects it needs, the "
                                  "expected codes, clause and rule |\n",
                 soc=DEFAULT_SOC.get(product_id, "<soc_version>"), reads="case.txt and call.txt", verdict=VERDICT)
    return f"{inv.id} on {case.id}"
