"""The ABI gate: ``python -m harness abi snapshot|check`` (the command line is tools/abi.py).

An install's ACL ABI is read, never guessed:

- ``locate``: the install (``--root``, else ASCEND_HOME_PATH / ASCEND_TOOLKIT_HOME), its
  ``include/acl`` headers and its ACL libraries (``lib64/libascendcl.so``, ``lib64/libacl_*.so``);
- ``preprocess``: the system C preprocessor over the headers (``cc -E -dD``, against pycparser's
  fake libc headers), which yields the C text and every ``#define`` with the file it is in;
- ``headers``: pycparser over that text: prototypes, enumerators, ``static const`` integers,
  typedefs; the integer macros evaluated by pycparser's expression parser (``consteval``);
  types spelled canonically by ``spelling``;
- ``exports``: pyelftools over each library's ``.dynsym`` (defined GLOBAL/WEAK functions);
- ``suites``: what the suites bind (harness/prototypes.py, harness/abi.py), parsed the same way;
- ``compare``: findings against the suites' ABI and against an earlier snapshot (``model``);
- ``render``: the human summary and the JSON the release report reads.
"""


class AbiGateError(Exception):
    """Bad input (an option, a file, an install that is not one): exit status 2, message names it."""
