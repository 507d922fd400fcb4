// Ending the connections that keep-alive holds open when the server stops. httplib
// stops accepting at once, but a connection thread waiting for a client's next request
// only notices after its keep-alive timeout (5 s), and httplib keeps no list of its
// sockets. So on stop every TCP socket of this process connected on the server's port
// gets shutdown(SHUT_RD): a waiting read sees the end of the stream at once, while an
// answer being written still goes out whole.
#pragma once

namespace tsivy::serve {

// Linux: finds the sockets through /proc/self/fd. Call only once listening has stopped
// (so the listening socket, on the same port, is closed).
void stop_reading_connections(int local_port);

}  // namespace tsivy::serve
