// Failure messages a handle builds once and then hands out by reference: a search that
// probes outside the tables meets the same refusal (class 4v3 not in these tables, a
// block of 3v2 not cached) millions of times, and must pay for neither an exception
// nor a string built each time. Each slot is published once, like the lookup's readers.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace tsivy::probe {

// A failure's status (tsivy.h's code) and its message.
struct Message {
  int status = 0;
  std::string text;
};

class MessageMemo {
 public:
  explicit MessageMemo(std::size_t slots) : slots_(std::make_unique<std::atomic<const Message*>[]>(slots)) {}

  // The message of `slot`, built by `build()` (returning a Message) the first time.
  // Thread-safe; two threads may both build it, the first to publish wins.
  template <class Build>
  const Message& get(std::size_t slot, Build&& build) const {
    if (const Message* m = slots_[slot].load(std::memory_order_acquire)) return *m;
    auto built = std::make_unique<const Message>(build());
    std::lock_guard lock(mutex_);
    if (const Message* m = slots_[slot].load(std::memory_order_relaxed)) return *m;
    owned_.push_back(std::move(built));
    slots_[slot].store(owned_.back().get(), std::memory_order_release);
    return *owned_.back();
  }

 private:
  std::unique_ptr<std::atomic<const Message*>[]> slots_;
  mutable std::mutex mutex_;
  mutable std::vector<std::unique_ptr<const Message>> owned_;
};

}  // namespace tsivy::probe
