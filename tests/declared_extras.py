"""Tell the catalog's own suite ids from the ones a product's op information library adds.

The numeric suites run every (op, dtype) the catalog documents plus the combinations the run's
declaration adds beyond it (fixtures/declared.py extra_cases); the extras differ per SoC, the
catalog's part does not. An id's first two parameters are the op and its (first input's) dtype."""
from __future__ import annotations

import re

from fixtures import catalog

_CASE_ID = re.compile(r"^suites/test_(numerics|determinism)\.py::\w+\[(?P<op>[A-Za-z0-9]+)-(?P<dtype>[a-z0-9]+)-")


def is_declared_extra(test_id: str) -> bool:
    """True for a case id whose op is in the catalog and whose dtype the catalog does not document."""
    m = _CASE_ID.match(test_id)
    if not m:
        return False
    op = next((o for o in catalog.CATALOG if o.name == m["op"]), None)
    return op is not None and m["dtype"] not in op.dtypes


def catalog_only(ids) -> list[str]:
    return [i for i in ids if not is_declared_extra(i)]
