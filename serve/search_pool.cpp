#include "serve/search_pool.h"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <exception>

namespace tsivy::serve {
namespace {

using Clock = std::chrono::steady_clock;
// How often a waiting request looks at its client and its search's clock.
constexpr auto kPoll = std::chrono::milliseconds(20);
// latest_by_game_ forgets finished games once it holds this many.
constexpr std::size_t kPruneGames = 1024;

}  // namespace

struct SearchPool::Job {
  SearchRequest request;
  std::atomic<bool> stop{false};
  // Under the pool's mutex:
  SearchEnd cancelled = SearchEnd::done;  // why another thread stopped it, if one did
  bool started = false, finished = false;
  Clock::time_point queued, started_at;
  search::SearchResult result;
  std::string error;  // what the search threw, if it threw
  std::condition_variable done;
};

SearchPool::SearchPool(const TableLookup* tables, const SearchPoolOptions& options) : options_(options) {
  // The workers take no signals: a thread inherits its creator's mask, and with SIGTERM
  // open in a worker the kernel could deliver it there and end the process, where
  // `tsivy serve` takes it on one thread of its own to stop cleanly.
  struct NoSignals {
    sigset_t before;
    NoSignals() {
      sigset_t all;
      sigfillset(&all);
      pthread_sigmask(SIG_BLOCK, &all, &before);
    }
    ~NoSignals() { pthread_sigmask(SIG_SETMASK, &before, nullptr); }
  } while_creating;
  const unsigned workers = std::max(1u, options.workers);
  for (unsigned i = 0; i < workers; ++i) {
    engines_.push_back(std::make_unique<search::Engine>(
        search::EngineOptions{.hash_mib = options.hash_mib, .tables = tables, .threads = options.threads_per_search}));
    workers_.emplace_back([this, engine = engines_.back().get()] { work(*engine); });
  }
}

SearchPool::~SearchPool() {
  stop_all();
  for (std::thread& t : workers_) t.join();
}

void SearchPool::stop_all() {
  std::lock_guard lock(mutex_);
  stopping_ = true;
  const auto cancel = [](const std::shared_ptr<Job>& job) {
    job->cancelled = SearchEnd::shutting_down;
    job->stop = true;
    job->done.notify_all();
  };
  std::for_each(waiting_.begin(), waiting_.end(), cancel);
  std::for_each(running_.begin(), running_.end(), cancel);
  work_ready_.notify_all();
}

void SearchPool::work(search::Engine& engine) {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      work_ready_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
      if (stopping_) return;
      job = std::move(waiting_.front());
      waiting_.pop_front();
      if (job->stop) continue;  // cancelled while it waited; its request has answered
      job->started = true;
      job->started_at = Clock::now();
      running_.push_back(job);
    }
    search::SearchResult result;
    std::string error;
    try {
      search::Limits limits;
      limits.movetime = job->request.movetime;
      result = engine.search(job->request.root, job->request.history, limits, {}, &job->stop);
    } catch (const std::exception& e) {
      error = e.what();  // damaged tables, say: the request answers 500 with it
    }
    std::lock_guard lock(mutex_);
    job->result = std::move(result);
    job->error = std::move(error);
    job->finished = true;
    running_.erase(std::find(running_.begin(), running_.end(), job));
    job->done.notify_all();
  }
}

SearchOutcome SearchPool::run(const SearchRequest& request, const std::function<bool()>& client_gone) {
  auto job = std::make_shared<Job>();
  job->request = request;
  job->queued = Clock::now();
  std::unique_lock lock(mutex_);
  if (stopping_) return {SearchEnd::shutting_down, {}, {}};
  if (waiting_.size() >= options_.max_waiting) return {SearchEnd::busy, {}, {}};
  if (!request.game.empty()) {
    if (latest_by_game_.size() >= kPruneGames) std::erase_if(latest_by_game_, [](const auto& e) { return e.second.expired(); });
    if (const std::shared_ptr<Job> older = latest_by_game_[request.game].lock(); older && !older->finished) {
      older->cancelled = SearchEnd::superseded;
      older->stop = true;
      older->done.notify_all();
    }
    latest_by_game_[request.game] = job;
  }
  waiting_.push_back(job);
  work_ready_.notify_one();

  const auto forget = [&] {  // a search that never started leaves the queue
    if (!job->started) std::erase(waiting_, job);
  };
  for (;;) {
    job->done.wait_for(lock, kPoll);
    if (job->cancelled != SearchEnd::done) {
      forget();
      return {job->cancelled, {}, {}};
    }
    if (job->finished) break;
    lock.unlock();
    const bool gone = client_gone && client_gone();
    lock.lock();
    if (gone && !job->finished) {
      job->cancelled = SearchEnd::client_gone;
      job->stop = true;
      forget();
      return {SearchEnd::client_gone, {}, {}};
    }
    if (job->finished) break;
    const auto now = Clock::now();
    if (!job->started) {
      if (now - job->queued > options_.max_queue_wait) {
        job->stop = true;
        forget();
        return {SearchEnd::busy, {}, {}};
      }
      continue;
    }
    // The engine keeps to its movetime; the stop flag is the server's own limit, and
    // past a second grace the request gives up on an engine that does not stop.
    const auto limit = job->started_at + request.movetime + options_.grace;
    if (now > limit) job->stop = true;
    if (now > limit + options_.grace) return {SearchEnd::stalled, {}, {}};
  }
  if (!job->error.empty()) return {SearchEnd::failed, {}, job->error};
  return {SearchEnd::done, std::move(job->result), {}};
}

}  // namespace tsivy::serve
