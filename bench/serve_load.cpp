// Load test for `tsivy serve` (not a Google Benchmark): N GET /api/probe requests from C
// concurrent clients, each on its own keep-alive connection, over positions read from a
// file; prints requests per second and latency percentiles, and exits 1 on any error
// (a failed connection, a status other than 200, a body that is not the position's).
//   serve_load --port P [--host H] [--requests 20000] [--clients 32] --positions FILE
// bench/serve_load.sh starts a server over a table directory and runs it.
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Options {
  std::string host = "127.0.0.1";
  int port = 0;
  long requests = 20000;
  int clients = 32;
  std::string positions;
};

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string key = argv[i], value = argv[i + 1];
    if (key == "--host") o.host = value;
    else if (key == "--port") o.port = std::atoi(value.c_str());
    else if (key == "--requests") o.requests = std::atol(value.c_str());
    else if (key == "--clients") o.clients = std::atoi(value.c_str());
    else if (key == "--positions") o.positions = value;
    else throw std::runtime_error("unknown option " + key);
  }
  if (o.port <= 0 || o.requests <= 0 || o.clients <= 0 || o.positions.empty())
    throw std::runtime_error("usage: serve_load --port P [--host H] [--requests N] [--clients C] --positions FILE");
  return o;
}

// A query parameter's value: every byte but letters, digits and -_.~ as %XX.
std::string percent_encoded(const std::string& text) {
  static const char* const hex = "0123456789ABCDEF";
  std::string out;
  for (const unsigned char c : text) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::vector<std::string> read_positions(const std::string& file) {
  std::ifstream in(file);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  if (out.empty()) throw std::runtime_error(file + ": no positions");
  return out;
}

}  // namespace

int main(int argc, char** argv) try {
  const Options options = parse(argc, argv);
  const std::vector<std::string> positions = read_positions(options.positions);
  std::vector<std::string> paths;
  for (const std::string& fen : positions) paths.push_back("/api/probe?fen=" + percent_encoded(fen));

  std::atomic<long> next{0}, errors{0};
  std::vector<std::vector<double>> latencies(options.clients);
  std::string first_error;
  std::mutex first_error_mutex;
  const auto started = std::chrono::steady_clock::now();
  std::vector<std::thread> clients;
  for (int c = 0; c < options.clients; ++c) {
    clients.emplace_back([&, c] {
      httplib::Client client(options.host, options.port);
      client.set_keep_alive(true);
      client.set_connection_timeout(10);
      client.set_read_timeout(10);
      for (long i; (i = next.fetch_add(1)) < options.requests;) {
        const std::size_t k = static_cast<std::size_t>(i) % paths.size();
        const auto t0 = std::chrono::steady_clock::now();
        const httplib::Result result = client.Get(paths[k]);
        latencies[c].push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
        // Every answer is checked: 200 and the position's own text back.
        const bool ok = result && result->status == 200 &&
                        result->body.find("\"fen\":\"" + positions[k] + "\"") != std::string::npos;
        if (!ok) {
          ++errors;
          std::lock_guard lock(first_error_mutex);
          if (first_error.empty())
            first_error = positions[k] + ": " + (result ? std::to_string(result->status) + " " + result->body
                                                        : "transport error " + httplib::to_string(result.error()));
        }
      }
    });
  }
  for (std::thread& t : clients) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  std::vector<double> all;
  for (const auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  const auto percentile = [&](double q) { return all[std::min(all.size() - 1, static_cast<std::size_t>(q * all.size()))]; };
  std::printf("requests %zu, clients %d, errors %ld, %.2f s, %.0f requests/s, latency p50 %.0f us, p99 %.0f us, max %.0f us\n",
              all.size(), options.clients, errors.load(), seconds, all.size() / seconds, percentile(0.50),
              percentile(0.99), all.back());
  if (errors) std::printf("first error: %s\n", first_error.c_str());
  return errors ? 1 : 0;
} catch (const std::exception& e) {
  std::fprintf(stderr, "serve_load: %s\n", e.what());
  return 2;
}
