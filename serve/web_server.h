// `tsivy serve`'s HTTP server: the JSON API (WebApi) under /api/, the embedded page
// (web_assets.h) everywhere else, and a JSON error for anything that is not found or
// not well-formed. httplib stays inside web_server.cpp.
#pragma once

#include <memory>
#include <string>

#include "serve/web_api.h"

namespace httplib {
class Server;
}

namespace tsivy::serve {

class WebServer {
 public:
  explicit WebServer(const WebApi& api);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds the listening socket (port 0: any free port) and returns the port. Throws
  // std::runtime_error with a one-line reason when the address cannot be used.
  int bind(const std::string& host, int port);
  // Serves until stop(); returns once every connection thread has finished.
  void run();
  // Stops accepting, ends the connections waiting for a request, and so ends run();
  // callable from any thread.
  void stop();

 private:
  const WebApi& api_;
  std::unique_ptr<httplib::Server> server_;
  int port_ = 0;
  int listening_socket_ = -1;
};

}  // namespace tsivy::serve
