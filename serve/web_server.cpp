#include "serve/web_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <stdexcept>

#include "serve/connection_threads.h"
#include "serve/guarded_server.h"
#include "serve/open_connections.h"
#include "serve/web_assets.h"

namespace tsivy::serve {
namespace {

// Connections served at once (each on its own thread, see connection_threads.h): many
// more than browsers and load tests open (32 clients next to 300 idle connections),
// and below what httplib can serve at all (it answers 500 on a socket numbered
// FD_SETSIZE, 1024, or higher).
constexpr std::size_t kMaxConnectionThreads = 900;
// A client that sends nothing gives its thread back after this long.
constexpr time_t kReadTimeoutSeconds = 5;
constexpr time_t kKeepAliveSeconds = 5;
constexpr std::size_t kKeepAliveRequests = 1000;
// Every request is a GET: nothing needs a body.
constexpr std::size_t kMaxPayloadBytes = 4096;

// The page talks only to this server: no script, style or image from elsewhere.
constexpr const char* kPagePolicy =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
    "frame-ancestors 'none'";

void send_json(httplib::Response& res, const ApiAnswer& answer) {
  res.status = answer.status;
  // A message may quote the client's bytes (a FEN with invalid UTF-8): replace, never throw.
  res.set_content(answer.body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), "application/json");
  res.set_header("Cache-Control", "no-store");
}

// The status names of errors that the C API did not decide (error_answer).
const char* const kClientError = tsivy_status_name(TSIVY_ERROR_BAD_ARGUMENT);
const char* const kServerError = tsivy_status_name(TSIVY_ERROR_INTERNAL);
// Every path answers GET (and so HEAD, which httplib serves from the GET handlers).
constexpr const char* kAllowedMethods = "GET, HEAD";

std::optional<std::string> parameter(const httplib::Request& req, const char* name) {
  if (!req.has_param(name)) return std::nullopt;
  return req.get_param_value(name);
}

std::string reason(int status) {
  switch (status) {
    case 400: return "bad request";
    case 404: return "no such path";
    case 405: return "method not allowed";
    case 413: return "request too large";
    case 414: return "URI too long";
    default: return "HTTP status " + std::to_string(status);
  }
}

}  // namespace

WebServer::WebServer(const WebApi& api) : api_(api), server_(std::make_unique<GuardedServer>()) {
  httplib::Server& s = *server_;
  s.new_task_queue = [] { return new ConnectionThreads(kMaxConnectionThreads); };
  s.set_read_timeout(kReadTimeoutSeconds, 0);
  s.set_keep_alive_timeout(kKeepAliveSeconds);
  s.set_keep_alive_max_count(kKeepAliveRequests);
  s.set_payload_max_length(kMaxPayloadBytes);
  // Headers and body go out in separate writes: with Nagle's algorithm the body would
  // wait for the client's delayed ACK, 40 ms a request.
  s.set_tcp_nodelay(true);
  // The listening socket gets SO_REUSEADDR (restart at once over old connections in
  // TIME_WAIT), but not httplib's default SO_REUSEPORT, with which a second server on
  // the same port would start silently and take half the connections instead of
  // failing with "port in use".
  s.set_socket_options([this](socket_t sock) {
    const int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    listening_socket_ = sock;
  });

  // Any other method, on any path, before httplib looks for a handler (it would say
  // 400 or 404): 405 naming the methods there are.
  s.set_pre_routing_handler([](const httplib::Request& req, httplib::Response& res) {
    if (req.method == "GET" || req.method == "HEAD") return httplib::Server::HandlerResponse::Unhandled;
    send_json(res, error_answer(405, "method not allowed: " + req.method + " (only " + kAllowedMethods + ")",
                                kClientError));
    res.set_header("Allow", kAllowedMethods);
    return httplib::Server::HandlerResponse::Handled;
  });
  s.Get("/api/probe", [&api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api.probe(parameter(req, "fen")));
  });
  s.Get("/api/line", [&api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api.line(parameter(req, "fen"), parameter(req, "max_turns")));
  });
  s.Get("/api/info", [&api](const httplib::Request&, httplib::Response& res) { send_json(res, api.info()); });
  s.Get("/api/random", [&api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api.random_position(parameter(req, "class"), parameter(req, "wdl")));
  });
  s.Get("/api/game", [&api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api.game(parameter(req, "fen"), parameter(req, "moves")));
  });
  s.Get("/api/record", [&api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api.record(parameter(req, "fen"), parameter(req, "moves")));
  });
  s.Get("/api/search", [&api](const httplib::Request& req, httplib::Response& res) {
    send_json(res, api.search(parameter(req, "fen"), parameter(req, "moves"), parameter(req, "movetime"),
                              parameter(req, "game"), client_disconnected));
  });
  s.Get(".*", [](const httplib::Request& req, httplib::Response& res) {
    const WebAsset* asset = req.path.starts_with("/api/") ? nullptr : find_web_asset(req.path);
    if (!asset) return send_json(res, error_answer(404, "no such path: " + req.path, kClientError));
    res.set_content(std::string(asset->bytes), std::string(content_type(asset->name)).c_str());
    res.set_header("Cache-Control", "no-cache");
    res.set_header("Content-Security-Policy", kPagePolicy);
    res.set_header("X-Content-Type-Options", "nosniff");
  });

  // Whatever httplib itself refuses (unknown method, malformed request line, a body
  // too large) gets a JSON error too; answers that already have a body keep it.
  s.set_error_handler(httplib::Server::HandlerWithResponse([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
    send_json(res, error_answer(res.status, reason(res.status), res.status >= 500 ? kServerError : kClientError));
    return httplib::Server::HandlerResponse::Handled;
  }));
  s.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr failure) {
    std::string what = "unknown exception";
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      what = e.what();
    } catch (...) {
    }
    send_json(res, error_answer(500, "internal error: " + what, kServerError));
  });
}

WebServer::~WebServer() = default;

int WebServer::bind(const std::string& host, int port) {
  const int bound = port == 0 ? server_->bind_to_any_port(host) : (server_->bind_to_port(host, port) ? port : -1);
  if (bound <= 0)
    throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) +
                             " (port in use, or no such local address)");
  // httplib listens with a backlog of 5: a burst of clients connecting at once (a
  // browser opens six) would see dropped SYNs and a retry a second later. Linux lets a
  // second listen() raise it.
  ::listen(listening_socket_, SOMAXCONN);
  port_ = bound;
  return bound;
}

void WebServer::run() { server_->listen_after_bind(); }

void WebServer::stop() {
  api_.stop_searches();  // a search holds its connection open: stop it, not wait for it
  server_->stop();
  stop_reading_connections(port_);
}

}  // namespace tsivy::serve
