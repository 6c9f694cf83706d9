"""A pyACL client: Add on float16 inputs through a handle (acl.op.create_handle,
acl.op.execute_with_handle) and through acl.op.execute_v2, on an atc-compiled model directory.
Uses only the ``acl`` module of the install (no numpy: bytes and acl.util), as a pyACL program
runs with nothing but `source set_env.sh`. Writes both outputs; the caller checks them.

    python3 pyacl_add.py MODEL_DIR X1.bin X2.bin OUT_DIR ROWS COLS
"""
import os
import sys

import acl

ACL_FLOAT16, ACL_FORMAT_ND = 1, 2
ACL_MEM_MALLOC_HUGE_FIRST, ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST = 0, 1, 2


def check(ret, what):
    if ret != 0:
        sys.exit(f"FAIL {what}: {ret} ({acl.get_recent_err_msg()})")


def main(model_dir, x1_path, x2_path, out_dir, rows, cols):
    dims = [int(rows), int(cols)]
    size = dims[0] * dims[1] * 2
    check(acl.init(), "acl.init")
    check(acl.rt.set_device(0), "acl.rt.set_device")
    context, ret = acl.rt.create_context(0)
    check(ret, "acl.rt.create_context")
    stream, ret = acl.rt.create_stream()
    check(ret, "acl.rt.create_stream")
    check(acl.op.set_model_dir(model_dir), "acl.op.set_model_dir")

    descs = [acl.create_tensor_desc(ACL_FLOAT16, dims, ACL_FORMAT_ND) for _ in range(3)]
    devs, bufs = [], []
    for i in range(3):
        dev, ret = acl.rt.malloc(size, ACL_MEM_MALLOC_HUGE_FIRST)
        check(ret, "acl.rt.malloc")
        if i < 2:
            with open((x1_path, x2_path)[i], "rb") as f:
                data = f.read()
            check(acl.rt.memcpy(dev, size, acl.util.bytes_to_ptr(data), size, ACL_MEMCPY_HOST_TO_DEVICE),
                  "acl.rt.memcpy")
        devs.append(dev)
        bufs.append(acl.create_data_buffer(dev, size))
    attr = acl.op.create_attr()
    host, ret = acl.rt.malloc_host(size)
    check(ret, "acl.rt.malloc_host")

    handle, ret = acl.op.create_handle("Add", descs[:2], descs[2:], attr)
    check(ret, "acl.op.create_handle")
    check(acl.op.execute_with_handle(handle, bufs[:2], bufs[2:], stream), "acl.op.execute_with_handle")
    check(acl.rt.synchronize_stream(stream), "acl.rt.synchronize_stream")
    check(acl.rt.memcpy(host, size, devs[2], size, ACL_MEMCPY_DEVICE_TO_HOST), "acl.rt.memcpy")
    outputs = {"y_handle.bin": acl.util.ptr_to_bytes(host, size)}
    acl.op.destroy_handle(handle)

    check(acl.rt.memset(devs[2], size, 0, size), "acl.rt.memset")
    check(acl.op.execute_v2("Add", descs[:2], bufs[:2], descs[2:], bufs[2:], attr, stream), "acl.op.execute_v2")
    check(acl.rt.synchronize_stream(stream), "acl.rt.synchronize_stream")
    check(acl.rt.memcpy(host, size, devs[2], size, ACL_MEMCPY_DEVICE_TO_HOST), "acl.rt.memcpy")
    outputs["y_v2.bin"] = acl.util.ptr_to_bytes(host, size)

    for name, data in outputs.items():
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)
    acl.op.destroy_attr(attr)
    for desc, buf, dev in zip(descs, bufs, devs):
        check(acl.destroy_data_buffer(buf), "acl.destroy_data_buffer")
        check(acl.rt.free(dev), "acl.rt.free")
        acl.destroy_tensor_desc(desc)
    check(acl.rt.free_host(host), "acl.rt.free_host")
    check(acl.rt.destroy_stream(stream), "acl.rt.destroy_stream")
    check(acl.rt.destroy_context(context), "acl.rt.destroy_context")
    check(acl.rt.reset_device(0), "acl.rt.reset_device")
    check(acl.finalize(), "acl.finalize")
    print(f"pyacl_add: {rows} x {cols}, handle and execute_v2 outputs written")


if __name__ == "__main__":
    if len(sys.argv) != 7:
        sys.exit(__doc__)
    main(*sys.argv[1:])
