// httplib's server with each connection served by our own loop. httplib reads a request
// line or header line byte by byte until its end however long it grows, so 1 MiB
// without a line end was answered only at the read timeout (5 s); and between requests
// it polls every idle connection each millisecond. Here each request's head (request
// line and headers) is read first into the connection's buffer: past a limit the client
// gets its 414, 431 or 400 at once, and an idle connection sleeps in poll(). A head
// within the limits then goes to httplib's own parsing and routing (process_request).
#pragma once

#include <httplib.h>

#include <cstddef>

namespace tsivy::serve {

// The most bytes of a request line (httplib's CPPHTTPLIB_REQUEST_URI_MAX_LENGTH: every
// position fits many times over) and of the header lines after it.
inline constexpr std::size_t kMaxRequestLineBytes = 8192;
inline constexpr std::size_t kMaxHeaderBytes = 16384;

// Whether the client of the request being handled on this thread has closed its
// connection or reset it (a page that moved on and aborted its fetch), so that a long
// answer (a search) can stop: checked without waiting. A client that only shuts down its
// sending half counts as gone too. False on a thread that serves no connection.
bool client_disconnected();

class GuardedServer : public httplib::Server {
 private:
  bool process_and_close_socket(socket_t sock) override;
};

}  // namespace tsivy::serve
