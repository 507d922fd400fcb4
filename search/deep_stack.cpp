#include "search/deep_stack.h"

#include <pthread.h>

#include <exception>

namespace tsivy::search {

void run_on_deep_stack(const std::function<void()>& work) {
  struct Job {
    const std::function<void()>* work;
    std::exception_ptr error;
  } job{&work, nullptr};
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, std::size_t{1} << 30);
  pthread_t thread;
  const auto body = [](void* argument) -> void* {
    auto* j = static_cast<Job*>(argument);
    try {
      (*j->work)();
    } catch (...) {
      j->error = std::current_exception();
    }
    return nullptr;
  };
  const bool started = pthread_create(&thread, &attributes, body, &job) == 0;
  pthread_attr_destroy(&attributes);
  if (!started) {
    work();
    return;
  }
  pthread_join(thread, nullptr);
  if (job.error) std::rethrow_exception(job.error);
}

}  // namespace tsivy::search
