// The threads that serve connections: one per open connection, started when none is
// idle, up to a cap, and kept for reuse. httplib serves a connection on one thread
// from accept to close, blocking in reads; with a fixed pool, a few clients that
// connect and send nothing would hold every thread until the read timeout and stall
// everybody else. Here an idle client costs one sleeping thread and nobody waits on
// it. The CPU work stays bounded separately (WebApi's probe slots, --threads).
#pragma once

#include <httplib.h>

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace tsivy::serve {

class ConnectionThreads : public httplib::TaskQueue {
 public:
  // Beyond max_threads connections at once, new ones wait for a thread (an idle client
  // gives its thread back at the server's read timeout).
  explicit ConnectionThreads(std::size_t max_threads) : max_threads_(max_threads) {}
  ~ConnectionThreads() override { shutdown(); }

  void enqueue(std::function<void()> job) override {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
    if (!stopping_ && idle_ < jobs_.size() && threads_.size() < max_threads_) threads_.emplace_back([this] { work(); });
    wake_.notify_one();
  }

  // Runs what is queued, then joins every thread. Called by httplib when listening stops.
  void shutdown() override {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      stopping_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

 private:
  void work() {
    for (;;) {
      std::function<void()> job;
      {
        std::unique_lock lock(mutex_);
        ++idle_;
        wake_.wait(lock, [this] { return !jobs_.empty() || stopping_; });
        --idle_;
        if (jobs_.empty()) return;  // stopping, nothing left
        job = std::move(jobs_.front());
        jobs_.pop_front();
      }
      job();
    }
  }

  const std::size_t max_threads_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  std::size_t idle_ = 0;
  bool stopping_ = false;
};

}  // namespace tsivy::serve
