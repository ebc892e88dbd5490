"""A pandas DataFrame that travels between processes quickly.

A Dask worker sends each partition it computes to the client (and to other workers) as a
pickle. Pickle writes an object column one string at a time, with a memo entry for each, which
costs several times what replaying the positions did. ``CompactFrame`` pickles a column of
distinct strings (FENs) as one zstd-compressed buffer of their lengths and bytes, packed and
unpacked by the extension; the other columns pickle as pandas pickles them (numbers as
buffers, repeated strings once each).

The frame loaded is a plain ``pandas.DataFrame``, and so is every frame made from a
``CompactFrame``.
"""

import numpy as np
import pandas as pd

from . import _fenkit


def _pack(values):
    """The strings of an object array as (data, count), or None when pickle does better: for
    items that are not all str, and for columns whose strs are mostly one object repeated
    (the moves and tags of a replay), which pickle writes once each."""
    if values.dtype != object or len(values) < 2:
        return None
    sample = values[:1024]
    if len(set(map(id, sample))) < len(sample) // 2:
        return None
    return _fenkit._pack_strings(values)


def _load(index, columns, attrs):
    """The frame pickled by ``CompactFrame.__reduce__``."""
    data = {name: _fenkit._unpack_strings(*value) if packed else value
            for name, packed, value in columns}
    frame = pd.DataFrame(data, index=index, copy=False)
    frame.attrs.update(attrs)
    return frame


class CompactFrame(pd.DataFrame):
    """A DataFrame whose columns of distinct strings pickle as one buffer each."""

    @property
    def _constructor(self):
        return pd.DataFrame

    def __reduce__(self):
        if not self.columns.is_unique:
            return pd.DataFrame(self).__reduce__()
        columns = []
        for name in self.columns:
            column = self[name]
            if pd.api.types.is_extension_array_dtype(column.dtype):
                values = column.array
            else:
                values = column.to_numpy()
            packed = _pack(values)
            columns.append((name, True, packed) if packed is not None else (name, False, values))
        return _load, (self.index, columns, dict(self.attrs))


def compact(frame):
    """``frame`` (its data not copied, its ``attrs`` kept) as a CompactFrame."""
    out = CompactFrame(frame, copy=False)
    out.attrs.update(frame.attrs)
    return out
