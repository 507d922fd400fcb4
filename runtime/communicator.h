// The one interface between the ranks of a run and MPI (docs/architecture.md, "Distribution over MPI
// ranks"). The solver and the verifier talk only to this; a single process uses the local
// implementation, a job started by mpirun/srun the MPI one (runtime/mpi_communicator.cpp).
// Every call is collective: all ranks make the same calls in the same order, from the
// thread that created the communicator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace tsivy {

class Communicator {
 public:
  virtual ~Communicator() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  bool is_root() const { return rank() == 0; }

  // Personalised exchange: send[r] goes to rank r, received[r] is what rank r sent
  // here. Any sizes, also beyond 2^31 bytes (sent in rounds).
  virtual void all_to_all(const std::vector<std::vector<std::uint8_t>>& send,
                          std::vector<std::vector<std::uint8_t>>& received) = 0;
  // Element-wise sum / max over all ranks, in place.
  virtual void sum(std::span<std::uint64_t> values) = 0;
  virtual void max(std::span<std::uint64_t> values) = 0;
  // Every rank's bytes, in rank order, on every rank.
  virtual std::vector<std::vector<std::uint8_t>> all_gather(std::span<const std::uint8_t> mine) = 0;
  virtual void barrier() = 0;
  // Rank 0's bytes on every rank.
  virtual void broadcast(std::vector<std::uint8_t>& bytes) = 0;

  // Ends the whole job with this exit code after printing `message` (one line): the
  // way out when one rank fails while the others may be waiting in a collective.
  [[noreturn]] virtual void abort(const std::string& message, int code) = 0;
};

// Bytes of a vector of trivially copyable values, and back, for the collectives above.
template <class T>
std::vector<std::uint8_t> to_bytes(const std::vector<T>& values) {
  std::vector<std::uint8_t> bytes(values.size() * sizeof(T));
  if (!bytes.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}
template <class T>
void append_from_bytes(const std::vector<std::uint8_t>& bytes, std::vector<T>& values) {
  const std::size_t at = values.size();
  values.resize(at + bytes.size() / sizeof(T));
  if (!bytes.empty()) std::memcpy(values.data() + at, bytes.data(), bytes.size());
}

// The communicator of this process: MPI when it was started by a process manager
// (mpirun/mpiexec/srun, recognised by their environment: OMPI_COMM_WORLD_SIZE,
// PMIX_RANK, PMI_SIZE), otherwise a single rank without MPI at all, so a plain
// `tsivy generate` needs no MPI runtime. Created once per process.
std::unique_ptr<Communicator> make_communicator();

// Whether the environment says we run under a process manager (see above).
bool launched_by_mpi();

// A single rank: every collective is a copy. Also what make_communicator returns
// without a process manager.
std::unique_ptr<Communicator> make_local_communicator();

// The MPI implementation (runtime/mpi_communicator.cpp): initialises MPI on creation
// (thread level "funneled": only the creating thread calls MPI) and finalises it when
// destroyed.
std::unique_ptr<Communicator> make_mpi_communicator();

}  // namespace tsivy
