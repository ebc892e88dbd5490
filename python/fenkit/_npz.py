"""Replay's columns as a NumPy ``.npz`` file: the compact binary form of a data set that NumPy
and pandas read as they are (``np.load``), with no other package.

An ``.npz`` is a zip of one ``.npy`` per column. Numbers keep their NumPy types; texts (FENs,
moves, tags) are NumPy fixed-width bytes (UTF-8, as wide as the column's longest text), since an
object array would be saved as a pickle, which ``np.load`` refuses by default. A missing text
(None) is stored empty and read back as None, as is an empty one; a text ends at a NUL byte.
A column is as wide as its longest text in every row, so a long comment (``comments=True``)
widens the whole column in memory (deflating takes the padding back on the disk). The members
are deflated at level 1: most of the saving of the higher levels at a fraction of their cost.

The columns are made in memory first (as ``replay`` makes them: about 250 bytes a row), then
written: a file of a few million rows, not a month's.
"""

import os
import secrets
import zipfile

import numpy as np

from . import _fenkit

# zlib's fastest level: most of the saving of the default level, at a quarter of its time.
_LEVEL = 1


def _stored(name, values):
    if values.dtype != object:
        return values
    stored = _fenkit._fixed_width_bytes(values)
    if stored is None:
        raise ValueError(f"column {name!r} holds values other than str and None, which an .npz "
                         f"cannot hold without pickle (nags=True has no .npz form)")
    return stored


def save_columns(columns, path):
    """Writes ``columns`` (a dict of one-dimensional NumPy arrays) to the ``.npz`` file ``path``:
    under a temporary name in its folder, renamed into place once whole, so that a failure
    leaves no cut file."""
    path = os.path.abspath(os.fspath(path))
    folder, name = os.path.split(path)
    temporary = os.path.join(folder, f".{name}.partial-{os.getpid()}-{secrets.token_hex(4)}")
    file = open(temporary, "xb")  # (a name no other file has: nothing of anyone's is removed)
    try:
        with file, zipfile.ZipFile(file, "w", compression=zipfile.ZIP_DEFLATED,
                                   compresslevel=_LEVEL) as archive:
            for column, values in columns.items():
                with archive.open(column + ".npy", "w", force_zip64=True) as member:
                    np.lib.format.write_array(member, _stored(column, values), allow_pickle=False)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def load_columns(path):
    """The columns of an ``.npz`` that ``save_columns`` wrote, texts as object arrays of str
    (None where empty), in the order they were saved."""
    columns = {}
    with np.load(os.fspath(path), allow_pickle=False) as data:
        for name in data.files:
            values = data[name]  # (each access reads the member again)
            columns[name] = (_fenkit._strs_of_fixed_width(values) if values.dtype.kind == "S"
                             else values)
    return columns
