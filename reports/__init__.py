"""Release-qualification results: two programs over one model.

- ``reports.recording`` (re-exported here): the recording API tests and library code call
  (``import reports; reports.record_metrics(...)``);
- ``reports.plugin``: the in-run pytest plugin (result classes, reruns, baselines, per-run outputs);
- ``reports.build``: the offline ``python -m reports build`` (the merged qualification report);
- the model both read: ``results`` (classes, property names), ``records`` (one record per test),
  ``baselines``, ``clauses``, ``identity``; ``cleanup`` (removing a run's own outputs).
"""
from .recording import (  # the public recording API
    OUTPUT_LIMIT,
    current_item,
    item_meta,
    record,
    record_case,
    record_metrics,
    record_outcome,
    record_property,
)

__all__ = ["record", "record_property", "record_case", "record_metrics", "record_outcome", "current_item",
           "item_meta", "OUTPUT_LIMIT"]
