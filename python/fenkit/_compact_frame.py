"""A pandas DataFrame that travels between processes quickly.

A Dask worker sends each partition it computes to the client (and to other workers) as a
pickle. Pickle writes an object column one object reference at a time, with a memo entry for
each, and numbers as they are in memory; both cost more than replaying the positions did, and
sockets between processes are slow on the virtual machines Dask runs on. ``CompactFrame``
pickles, through the extension:

- a column of distinct strings (FENs) as one zstd-compressed buffer of their lengths and bytes;
- a column of few distinct objects (moves, tags, None) as those objects and a compressed code
  a row;
- numbers that compress (game numbers, plies) compressed;

and the rest as pandas pickles it.

The frame loaded is a plain ``pandas.DataFrame``, and so is every frame made from a
``CompactFrame``.
"""

import numpy as np
import pandas as pd

from . import _fenkit

# How each column was packed.
_AS_IS, _STRINGS, _REPEATED, _NUMBERS = range(4)


def _pack(values):
    """(how, what) for an array: packed by the extension where that does better than pickle."""
    if isinstance(values, np.ndarray):
        if values.dtype == object and values.ndim == 1 and len(values) >= 2:
            sample = values[:1024]
            # Mostly one object repeated (moves, tags): codes, or else pickle, which keeps the
            # rows' objects shared too. Distinct strs (FENs): one buffer.
            if len(set(map(id, sample))) < len(sample) // 2:
                packed = _fenkit._pack_repeated(values)
                if packed is not None:
                    return _REPEATED, packed
            else:
                packed = _fenkit._pack_strings(values)
                if packed is not None:
                    return _STRINGS, packed
        elif values.dtype != object and values.dtype.hasobject is False:
            packed = _fenkit._pack_numbers(values)
            if packed is not None:
                return _NUMBERS, (packed, values.dtype.str, values.shape)
    return _AS_IS, values


def _unpack(how, what):
    if how == _STRINGS:
        return _fenkit._unpack_strings(*what)
    if how == _REPEATED:
        return _fenkit._unpack_repeated(*what)
    if how == _NUMBERS:
        data, dtype, shape = what
        dtype = np.dtype(dtype)
        size = dtype.itemsize * int(np.prod(shape, dtype=np.int64))
        return _fenkit._unpack_numbers(data, size).view(dtype).reshape(shape)
    return what


def _load(index, columns, attrs):
    """The frame pickled by ``CompactFrame.__reduce__``."""
    data = {name: _unpack(how, what) for name, how, what in columns}
    frame = pd.DataFrame(data, index=index, copy=False)
    frame.attrs.update(attrs)
    return frame


class CompactFrame(pd.DataFrame):
    """A DataFrame whose columns pickle packed (see the module's documentation)."""

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
            columns.append((name, *_pack(values)))
        return _load, (self.index, columns, dict(self.attrs))


def compact(frame):
    """``frame`` (its data not copied, its ``attrs`` kept) as a CompactFrame."""
    out = CompactFrame(frame, copy=False)
    out.attrs.update(frame.attrs)
    return out
