"""aclop conformance harness: the ctypes binding to the ACL C ABI and what the suites need
around it (library loading, product identity, model preparation, typed resources)."""

__version__ = "0.1.0"
