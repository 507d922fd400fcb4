// Proofs, their certificates and the checks recurse as deep as the longest line they
// follow, which without tables can be thousands of turns: they run on a thread with a
// large stack (reserved, and touched only as deep as the recursion goes).
#pragma once

#include <functional>

namespace tsivy::search {

// Runs `work` on a thread with a 1 GiB stack and waits for it; rethrows what it threw.
// Runs it on the caller's stack when no such thread can be had.
void run_on_deep_stack(const std::function<void()>& work);

}  // namespace tsivy::search
