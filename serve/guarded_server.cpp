#include "serve/guarded_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <string>
#include <string_view>

#include "serve/web_api.h"

namespace tsivy::serve {
namespace {

constexpr std::size_t kReadChunk = 4096;
// After refusing a request the rest of what the client sends is read and dropped for
// at most this long: closing with unread bytes would reset the connection, and the
// client could lose the answer.
constexpr auto kDrainTime = std::chrono::seconds(2);

// Waits until fd is readable (events POLLIN) or writable (POLLOUT), or until timeout_ms.
bool wait_for(int fd, short events, int timeout_ms) {
  pollfd p{fd, events, 0};
  int ready;
  do ready = ::poll(&p, 1, timeout_ms);
  while (ready < 0 && errno == EINTR);
  return ready > 0;
}

void address_of(int fd, bool peer, std::string& ip, int& port) {
  sockaddr_storage address{};
  socklen_t size = sizeof address;
  const int got = peer ? getpeername(fd, reinterpret_cast<sockaddr*>(&address), &size)
                       : getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size);
  if (got != 0) return;
  char text[INET6_ADDRSTRLEN] = "";
  if (address.ss_family == AF_INET) {
    const auto* a = reinterpret_cast<const sockaddr_in*>(&address);
    inet_ntop(AF_INET, &a->sin_addr, text, sizeof text);
    port = ntohs(a->sin_port);
  } else if (address.ss_family == AF_INET6) {
    const auto* a = reinterpret_cast<const sockaddr_in6*>(&address);
    inet_ntop(AF_INET6, &a->sin6_addr, text, sizeof text);
    port = ntohs(a->sin6_port);
  }
  ip = text;
}

// One connection's socket with its read buffer: httplib reads lines a byte at a time,
// so every read is served from the buffer, which keeps what a client sends ahead
// (pipelined requests) for the next request.
class BufferedSocket : public httplib::Stream {
 public:
  BufferedSocket(int fd, int read_timeout_ms, int write_timeout_ms)
      : fd_(fd), read_timeout_ms_(read_timeout_ms), write_timeout_ms_(write_timeout_ms) {}

  bool is_readable() const override { return start_ < buffer_.size() || wait_for(fd_, POLLIN, read_timeout_ms_); }
  bool is_writable() const override { return wait_for(fd_, POLLOUT, write_timeout_ms_); }

  ssize_t read(char* ptr, std::size_t size) override {
    if (start_ == buffer_.size()) {
      const ssize_t got = fill(read_timeout_ms_);
      if (got <= 0) return got;
    }
    const std::size_t n = std::min(size, buffer_.size() - start_);
    buffer_.copy(ptr, n, start_);
    start_ += n;
    return static_cast<ssize_t>(n);
  }

  ssize_t write(const char* ptr, std::size_t size) override {
    if (!is_writable()) return -1;
    ssize_t sent;
    do sent = ::send(fd_, ptr, size, MSG_NOSIGNAL);
    while (sent < 0 && errno == EINTR);
    return sent;
  }

  void get_remote_ip_and_port(std::string& ip, int& port) const override { address_of(fd_, true, ip, port); }
  void get_local_ip_and_port(std::string& ip, int& port) const override { address_of(fd_, false, ip, port); }
  socket_t socket() const override { return fd_; }

  // Reads more into the buffer once fd is readable within timeout_ms: the bytes read,
  // 0 at the end of the stream, -1 on timeout or error.
  ssize_t fill(int timeout_ms) {
    if (start_ == buffer_.size()) buffer_.clear(), start_ = 0;
    if (!wait_for(fd_, POLLIN, timeout_ms)) return -1;
    char chunk[kReadChunk];
    ssize_t got;
    do got = ::recv(fd_, chunk, sizeof chunk, 0);
    while (got < 0 && errno == EINTR);
    if (got > 0) buffer_.append(chunk, static_cast<std::size_t>(got));
    return got;
  }

  std::string_view unread() const { return std::string_view(buffer_).substr(start_); }
  void drop_unread() { start_ = buffer_.size(); }

 private:
  int fd_;
  int read_timeout_ms_, write_timeout_ms_;
  std::string buffer_;
  std::size_t start_ = 0;
};

// line_too_long: a request for the API (answered in JSON); page_line_too_long: for the
// page, a link a person opened (answered with a page they can read).
enum class Head { complete, closed, line_too_long, page_line_too_long, headers_too_large, not_http };

// Reads until the buffer holds the whole head of the next request (up to its blank
// line), stopping as soon as the head passes a limit.
Head read_head(BufferedSocket& socket, int read_timeout_ms) {
  for (;;) {
    const std::string_view bytes = socket.unread();
    const std::size_t line_end = bytes.find('\n');
    if (line_end == std::string_view::npos ? bytes.size() > kMaxRequestLineBytes : line_end > kMaxRequestLineBytes) {
      // "GET /...": a request whose target is too long; anything else is no request.
      const std::size_t space = bytes.find(' ');
      const bool request = space != std::string_view::npos && space > 0 && space < 16 && bytes.size() > space + 1 &&
                           bytes[space + 1] == '/';
      if (!request) return Head::not_http;
      return bytes.substr(space + 1).starts_with("/api/") ? Head::line_too_long : Head::page_line_too_long;
    }
    if (line_end != std::string_view::npos) {
      const std::string_view headers = bytes.substr(line_end + 1);
      if (headers.starts_with("\r\n") || headers.starts_with("\n") || headers.find("\n\r\n") != std::string_view::npos ||
          headers.find("\n\n") != std::string_view::npos)
        return Head::complete;
      if (headers.size() > kMaxHeaderBytes) return Head::headers_too_large;
    }
    const bool started = !bytes.empty();  // bytes may move when the buffer grows
    // The client stopped, or went quiet in the middle of a head.
    if (socket.fill(read_timeout_ms) <= 0) return started ? Head::not_http : Head::closed;
  }
}

// The answer to a head refused before httplib saw it, as the server's other errors
// (web_server.cpp's send_json), on a connection that then closes. For the page
// (as_page) a short page with the message and a way back, not JSON: a person opened it.
void refuse(BufferedSocket& socket, int fd, int status, const char* reason, const std::string& message,
            bool as_page = false) {
  const std::string body =
      as_page ? "<!doctype html><meta charset=\"utf-8\"><title>tsivy: " + std::string(reason) +
                    "</title><p>This link is too long for the explorer: " + message +
                    ".</p><p><a href=\"/\">Open the explorer</a></p>\n"
              : error_answer(status, message, tsivy_status_name(TSIVY_ERROR_BAD_ARGUMENT)).body.dump();
  const std::string answer = "HTTP/1.1 " + std::to_string(status) + " " + reason +
                             "\r\nCache-Control: no-store\r\nConnection: close\r\nContent-Type: " +
                             (as_page ? "text/html; charset=utf-8" : "application/json") +
                             "\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  for (std::size_t sent = 0; sent < answer.size();) {
    const ssize_t n = socket.write(answer.data() + sent, answer.size() - sent);
    if (n <= 0) return;
    sent += static_cast<std::size_t>(n);
  }
  ::shutdown(fd, SHUT_WR);
  const auto until = std::chrono::steady_clock::now() + kDrainTime;
  socket.drop_unread();
  while (std::chrono::steady_clock::now() < until && socket.fill(100) > 0) socket.drop_unread();
}

// The connection this thread is serving, for client_disconnected().
thread_local int t_connection = -1;

// Sets t_connection for a scope.
class ServingConnection {
 public:
  explicit ServingConnection(int fd) { t_connection = fd; }
  ~ServingConnection() { t_connection = -1; }
  ServingConnection(const ServingConnection&) = delete;
  ServingConnection& operator=(const ServingConnection&) = delete;
};

}  // namespace

bool client_disconnected() {
  if (t_connection < 0) return false;
  pollfd p{t_connection, POLLRDHUP, 0};
  if (::poll(&p, 1, 0) <= 0) return false;
  return (p.revents & (POLLRDHUP | POLLHUP | POLLERR)) != 0;
}

// httplib's loop (process_server_socket) with the head read first, and the keep-alive
// wait in poll().
bool GuardedServer::process_and_close_socket(socket_t sock) {
  const int read_ms = static_cast<int>(read_timeout_sec_ * 1000 + read_timeout_usec_ / 1000);
  const int write_ms = static_cast<int>(write_timeout_sec_ * 1000 + write_timeout_usec_ / 1000);
  const int keep_alive_ms = static_cast<int>(keep_alive_timeout_sec_ * 1000);
  BufferedSocket socket(sock, read_ms, write_ms);
  const ServingConnection serving(sock);
  bool served = false;
  for (std::size_t left = keep_alive_max_count_; left > 0 && svr_sock_ != INVALID_SOCKET; --left) {
    if (socket.unread().empty() && socket.fill(keep_alive_ms) <= 0) break;  // idle too long, or closed
    const Head head = read_head(socket, read_ms);
    if (head == Head::closed) break;
    if (head == Head::line_too_long || head == Head::page_line_too_long) {
      refuse(socket, sock, 414, "URI Too Long", "request line longer than " + std::to_string(kMaxRequestLineBytes) + " bytes",
             head == Head::page_line_too_long);
      break;
    }
    if (head == Head::headers_too_large) {
      refuse(socket, sock, 431, "Request Header Fields Too Large",
             "headers longer than " + std::to_string(kMaxHeaderBytes) + " bytes");
      break;
    }
    if (head == Head::not_http) {
      refuse(socket, sock, 400, "Bad Request", "bad request: not an HTTP request");
      break;
    }
    bool closed = false;
    served = process_request(socket, left == 1, closed, nullptr);
    if (!served || closed) break;
  }
  ::shutdown(sock, SHUT_RDWR);
  ::close(sock);
  return served;
}

}  // namespace tsivy::serve
