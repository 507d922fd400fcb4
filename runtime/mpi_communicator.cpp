// The Open MPI side of runtime/communicator.h: the only file that includes <mpi.h>.
#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "runtime/communicator.h"

namespace tsivy {
namespace {

void check(int code, const char* what) {
  if (code == MPI_SUCCESS) return;
  char text[MPI_MAX_ERROR_STRING];
  int length = 0;
  MPI_Error_string(code, text, &length);
  throw std::runtime_error(std::string(what) + " failed: " + std::string(text, static_cast<std::size_t>(length)));
}


class MpiCommunicator final : public Communicator {
  static constexpr int kAllToAllTag = 0x75;  // all_to_all's messages; no other call sends point to point
 public:
  MpiCommunicator() {
    int provided = 0;
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
    // Errors come back as codes (turned into exceptions, then into MPI_Abort by the
    // caller) instead of aborting inside MPI with a message of its own.
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiCommunicator() override { MPI_Finalize(); }

  int rank() const override { return rank_; }
  int size() const override { return size_; }

  void all_to_all(const std::vector<std::vector<std::uint8_t>>& send,
                  std::vector<std::vector<std::uint8_t>>& received) override {
    const auto p = static_cast<std::size_t>(size_);
    std::vector<std::uint64_t> send_sizes(p), recv_sizes(p);
    for (std::size_t r = 0; r < p; ++r) send_sizes[r] = send.at(r).size();
    check(MPI_Alltoall(send_sizes.data(), 1, MPI_UINT64_T, recv_sizes.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD),
          "MPI_Alltoall");
    received.resize(p);
    // MPI counts and displacements are ints: a round moves at most this many bytes to
    // and from each rank, so that even their sum stays below 2^31.
    const std::uint64_t kRoundBytes = std::max<std::uint64_t>(1, INT_MAX / p);
    std::uint64_t rounds = 0;
    for (std::size_t r = 0; r < p; ++r) {
      received[r].resize(recv_sizes[r]);
      rounds = std::max({rounds, (send_sizes[r] + kRoundBytes - 1) / kRoundBytes,
                         (recv_sizes[r] + kRoundBytes - 1) / kRoundBytes});
    }
    std::uint64_t global_rounds = rounds;
    check(MPI_Allreduce(&rounds, &global_rounds, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
    // Point to point, straight from each send buffer into each receive buffer: no
    // packed copy of either side (an all-to-all of P buffers would need one of each).
    const auto me = static_cast<std::size_t>(rank_);
    std::vector<MPI_Request> requests;
    requests.reserve(2 * p);
    for (std::uint64_t round = 0; round < global_rounds; ++round) {
      const std::uint64_t from = round * kRoundBytes;
      const auto part = [&](std::uint64_t total) {
        return static_cast<int>(total > from ? std::min(kRoundBytes, total - from) : 0);
      };
      requests.clear();
      for (std::size_t r = 0; r < p; ++r) {
        if (r == me || part(recv_sizes[r]) == 0) continue;
        check(MPI_Irecv(received[r].data() + from, part(recv_sizes[r]), MPI_BYTE, static_cast<int>(r), kAllToAllTag,
                        MPI_COMM_WORLD, &requests.emplace_back()),
              "MPI_Irecv");
      }
      for (std::size_t r = 0; r < p; ++r) {
        if (r == me || part(send_sizes[r]) == 0) continue;
        // MPI_Isend takes a non-const buffer in older MPI headers; it only reads it.
        check(MPI_Isend(const_cast<std::uint8_t*>(send[r].data()) + from, part(send_sizes[r]), MPI_BYTE,
                        static_cast<int>(r), kAllToAllTag, MPI_COMM_WORLD, &requests.emplace_back()),
              "MPI_Isend");
      }
      if (part(send_sizes[me]) > 0) std::copy_n(send[me].data() + from, part(send_sizes[me]), received[me].data() + from);
      check(MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
    }
  }

  void sum(std::span<std::uint64_t> values) override { reduce(values, MPI_SUM); }
  void max(std::span<std::uint64_t> values) override { reduce(values, MPI_MAX); }

  std::vector<std::vector<std::uint8_t>> all_gather(std::span<const std::uint8_t> mine) override {
    const auto p = static_cast<std::size_t>(size_);
    std::vector<std::vector<std::uint8_t>> send(p, std::vector<std::uint8_t>(mine.begin(), mine.end())), out;
    all_to_all(send, out);
    return out;
  }

  void barrier() override { check(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier"); }

  void broadcast(std::vector<std::uint8_t>& bytes) override {
    std::uint64_t size = bytes.size();
    check(MPI_Bcast(&size, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD), "MPI_Bcast");
    bytes.resize(size);
    if (size > INT_MAX) throw std::length_error("broadcast of more than 2^31 bytes");
    check(MPI_Bcast(bytes.data(), static_cast<int>(size), MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Bcast");
  }

  [[noreturn]] void abort(const std::string& message, int code) override {
    std::cerr << "tsivy: error: rank " << rank_ << " of " << size_ << ": " << message << std::endl;
    MPI_Abort(MPI_COMM_WORLD, code);
    std::_Exit(code);
  }

 private:
  void reduce(std::span<std::uint64_t> values, MPI_Op op) {
    if (values.empty()) return;
    check(MPI_Allreduce(MPI_IN_PLACE, values.data(), static_cast<int>(values.size()), MPI_UINT64_T, op, MPI_COMM_WORLD),
          "MPI_Allreduce");
  }

  int rank_ = 0, size_ = 1;
};

}  // namespace

std::unique_ptr<Communicator> make_mpi_communicator() { return std::make_unique<MpiCommunicator>(); }

}  // namespace tsivy
