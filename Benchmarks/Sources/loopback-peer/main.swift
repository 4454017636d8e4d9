// The native loopback peer (libwebsockets in server mode) as a process of its own, so that the
// Swift and the Python clients measure against the same server: prints its port, serves until
// its standard input closes.
import Foundation
import LoopbackPeer

let server = try LoopbackServer()
print(server.port)
fflush(nil)
while readLine() != nil {}
server.stop()
