// Columns of strings as one compressed buffer and back, for sending a data set between
// processes (the partitions of fenkit.dask): pickle writes and reads an object array one string
// at a time, which costs more than replaying the positions did, and a column of FENs is
// hundreds of megabytes that compress about sevenfold. The strings go through zstd (level 1) a
// window at a time, each as its length (a varint) and its UTF-8 bytes, so that neither side
// ever holds the uncompressed column: new memory is what costs most on the machines that run
// Dask workers (a page fault is microseconds on a virtual machine).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <zstd.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "common.hpp"
#include "object_arenas.hpp"
#include "utf8_text.hpp"

namespace fenkit::python {

namespace {

constexpr std::size_t kWindow = std::size_t(1) << 20;

struct CompressorFree {
  void operator()(ZSTD_CCtx* c) const { ZSTD_freeCCtx(c); }
};
struct DecompressorFree {
  void operator()(ZSTD_DCtx* d) const { ZSTD_freeDCtx(d); }
};

void check(std::size_t result, const char* what) {
  if (ZSTD_isError(result)) throw py::value_error(std::string(what) + ": " + ZSTD_getErrorName(result));
}

// Compresses what it is given into a growing buffer.
class Compressor {
 public:
  Compressor() : context_(ZSTD_createCCtx()) {
    if (!context_) throw std::bad_alloc();
    check(ZSTD_CCtx_setParameter(context_.get(), ZSTD_c_compressionLevel, 1), "zstd");
    window_.reserve(kWindow + 16);
  }
  void add(std::string_view text) {
    char length[10];
    std::size_t n = 0;
    for (std::uint64_t v = text.size(); ; v >>= 7) {
      length[n++] = char((v & 0x7F) | (v >= 0x80 ? 0x80 : 0));
      if (v < 0x80) break;
    }
    append(std::string_view(length, n));
    append(text);
  }
  std::vector<std::uint8_t>& finish() {
    flush(ZSTD_e_end);
    return out_;
  }

 private:
  void append(std::string_view bytes) {
    while (!bytes.empty()) {
      const std::size_t room = kWindow - window_.size();
      const std::size_t take = std::min(room, bytes.size());
      window_.insert(window_.end(), bytes.data(), bytes.data() + take);
      bytes.remove_prefix(take);
      if (window_.size() == kWindow) flush(ZSTD_e_continue);
    }
  }
  void flush(ZSTD_EndDirective mode) {
    ZSTD_inBuffer in{window_.data(), window_.size(), 0};
    for (;;) {
      if (out_.size() - written_ < ZSTD_CStreamOutSize()) out_.resize(written_ + 2 * ZSTD_CStreamOutSize() + out_.size() / 2);
      ZSTD_outBuffer out{out_.data() + written_, out_.size() - written_, 0};
      const std::size_t left = ZSTD_compressStream2(context_.get(), &out, &in, mode);
      check(left, "zstd");
      written_ += out.pos;
      if (mode == ZSTD_e_end ? left == 0 : in.pos == in.size) break;
    }
    window_.clear();
    if (mode == ZSTD_e_end) out_.resize(written_);
  }

  std::unique_ptr<ZSTD_CCtx, CompressorFree> context_;
  std::vector<char> window_;
  std::vector<std::uint8_t> out_;
  std::size_t written_ = 0;
};

// (data, count): the strings compressed, and how many; None when an item is not a str with a
// UTF-8 form.
py::object pack_strings(const py::array& values) {
  if (values.dtype().kind() != 'O' || values.ndim() != 1)
    throw py::type_error("a one-dimensional object array is wanted");
  const auto n = std::size_t(values.shape(0));
  const auto stride = values.strides(0);
  const auto* base = static_cast<const char*>(values.data());
  Compressor compressor;
  for (std::size_t i = 0; i < n; ++i) {
    const auto text = utf8_of(*reinterpret_cast<PyObject* const*>(base + py::ssize_t(i) * stride));
    if (!text) return py::none();
    compressor.add(*text);
  }
  const std::vector<std::uint8_t>& packed = compressor.finish();
  // An array, not bytes: pickle's protocol 5 sends it beside the pickle, without a copy.
  py::array_t<std::uint8_t> data{py::ssize_t(packed.size())};
  if (!packed.empty()) std::memcpy(data.mutable_data(), packed.data(), packed.size());
  return py::make_tuple(std::move(data), n);
}

// The object array that pack_strings packed.
py::array unpack_strings(const py::array_t<std::uint8_t, py::array::c_style>& data, std::size_t n) {
  std::unique_ptr<ZSTD_DCtx, DecompressorFree> context(ZSTD_createDCtx());
  if (!context) throw std::bad_alloc();
  const PrefaultedArenas arenas;  // millions of new strs: their pages faulted in ahead
  py::array out(py::dtype("O"), std::vector<py::ssize_t>{py::ssize_t(n)});
  auto** slots = static_cast<PyObject**>(out.mutable_data());
  ZSTD_inBuffer in{data.data(), std::size_t(data.size()), 0};
  std::vector<char> window(kWindow);
  std::size_t have = 0;  // bytes in the window not yet made into strs
  std::size_t made = 0;
  bool ended = false;
  for (;;) {
    if (!ended && have < window.size()) {
      ZSTD_outBuffer o{window.data() + have, window.size() - have, 0};
      const std::size_t left = ZSTD_decompressStream(context.get(), &o, &in);
      check(left, "the packed strings are damaged");
      have += o.pos;
      ended = left == 0 || (o.pos == 0 && in.pos == in.size);
    }
    // Whole records: a varint length, then that many bytes.
    std::size_t at = 0;
    while (made < n) {
      std::uint64_t length = 0;
      std::size_t p = at;
      int shift = 0;
      bool complete = false;
      while (p < have && shift < 64) {
        const auto byte = static_cast<unsigned char>(window[p++]);
        length |= std::uint64_t(byte & 0x7F) << shift;
        shift += 7;
        if (!(byte & 0x80)) {
          complete = true;
          break;
        }
      }
      if (!complete || have - p < length) {
        // A record cut by the window's end: a longer one than the window makes it grow.
        if (complete && p - at + length > window.size()) window.resize(p - at + length);
        break;
      }
      PyObject* s = str_of_bytes(window.data() + p, std::size_t(length));
      if (!s) throw py::error_already_set();
      Py_XDECREF(slots[made]);
      slots[made++] = s;
      at = p + std::size_t(length);
    }
    std::memmove(window.data(), window.data() + at, have - at);
    have -= at;
    if (made == n) break;
    if (ended && at == 0) throw py::value_error("the packed strings end early");
  }
  return out;
}

}  // namespace

void add_string_packing(py::module_& m) {
  m.def("_pack_strings", &pack_strings, py::arg("values"),
        "(data, count): the strs of an object array compressed, or None when an item is not "
        "a str that UTF-8 can hold.");
  m.def("_unpack_strings", &unpack_strings, py::arg("data"), py::arg("count"),
        "The object array of str that _pack_strings packed.");
}

}  // namespace fenkit::python
