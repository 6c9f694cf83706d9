"""Op handles through the typed layer: aclopCreateHandle, aclopExecWithHandle, aclopDestroyHandle."""
from __future__ import annotations

import ctypes
from collections.abc import Iterable, Sequence

from .errors import AclError, show_arg
from .lifetime import Resource
from .raw import pointer_array
from .resources import OpAttr, TensorDesc
from .runtime import Acl


def _ptrs(items: Iterable[Resource | int | None]) -> list[int | None]:
    return [i.ptr if isinstance(i, Resource) else i for i in items]


class OpHandle(Resource):
    """aclopCreateHandle / aclopExecWithHandle / aclopDestroyHandle."""

    def __init__(self, acl: Acl, op_type: str, inputs: Sequence[TensorDesc], outputs: Sequence[TensorDesc],
                 attr: OpAttr | None = None):
        self.acl, self.op_type = acl, op_type
        self.num_inputs, self.num_outputs = len(inputs), len(outputs)
        self._arrays: dict[tuple, tuple] = {}
        out = ctypes.c_void_p()
        acl.call("aclopCreateHandle", op_type.encode(), len(inputs), pointer_array(_ptrs(inputs)),
                 len(outputs), pointer_array(_ptrs(outputs)), attr.ptr if attr else None,
                 ctypes.byref(out))
        self.ptr = out.value

    def launch_code(self, inputs: Sequence, outputs: Sequence, stream: int | None) -> int:
        """aclopExecWithHandle with the counts of the given lists; returns the raw aclError."""
        key = (tuple(_ptrs(inputs)), tuple(_ptrs(outputs)))
        arrays = self._arrays.get(key)
        if arrays is None:        # launches repeat with the same buffers: build the C arrays once
            if len(self._arrays) > 64:
                self._arrays.clear()
            arrays = self._arrays[key] = (pointer_array(key[0]), pointer_array(key[1]))
        return self.acl.raw.aclopExecWithHandle(self.ptr, len(key[0]), arrays[0], len(key[1]), arrays[1], stream)

    def launch(self, inputs: Sequence, outputs: Sequence, stream: int | None) -> None:
        code = self.launch_code(inputs, outputs, stream)
        if code:
            raise AclError(code, f"aclopExecWithHandle({self.op_type}, {len(inputs)} inputs, "
                                 f"{len(outputs)} outputs, stream={show_arg(stream)})",
                           self.acl.recent_error_message())

    def _release(self, ptr):
        self.acl.raw.aclopDestroyHandle(ptr)
