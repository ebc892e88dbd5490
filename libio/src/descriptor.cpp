// Standard input, pipes and devices give their bytes as they come; a descriptor is the one thing
// all the file sources share, so its ownership and its reads are in one place.
#include "descriptor.hpp"

#include <cerrno>
#include <cstring>
#include <unistd.h>

#include "failure.hpp"

namespace fenkit::io::detail {

Descriptor::~Descriptor() {
  if (owned_ && fd_ >= 0) ::close(fd_);
}

std::size_t read_some(int fd, char* buffer, std::size_t size, const std::string& name) {
  for (;;) {
    const ssize_t n = ::read(fd, buffer, size);
    if (n >= 0) return std::size_t(n);
    if (errno != EINTR) fail(name, std::strerror(errno));
  }
}

std::size_t read_some_at(int fd, char* buffer, std::size_t size, std::uint64_t offset,
                         const std::string& name) {
  for (;;) {
    const ssize_t n = ::pread(fd, buffer, size, off_t(offset));
    if (n >= 0) return std::size_t(n);
    if (errno != EINTR) fail(name, std::strerror(errno));
  }
}

namespace {

class DescriptorSource : public InputSource {
 public:
  DescriptorSource(std::string name, std::shared_ptr<const Descriptor> fd)
      : InputSource(std::move(name)), fd_(std::move(fd)) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = read_some(fd_->get(), buffer, size, name());
    read_ += n;
    return n;
  }
  std::uint64_t raw_bytes_read() const override { return read_; }

 private:
  std::shared_ptr<const Descriptor> fd_;
  std::uint64_t read_ = 0;
};

}  // namespace

std::unique_ptr<InputSource> descriptor_source(std::string name,
                                               std::shared_ptr<const Descriptor> fd) {
  return std::make_unique<DescriptorSource>(std::move(name), std::move(fd));
}

}  // namespace fenkit::io::detail
