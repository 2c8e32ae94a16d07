/**
 * Loaded into a run of the packed svc (NODE_OPTIONS=--import): every socket it opens no longer
 * keeps the process alive. Against a site that accepts the connection and never answers, the
 * command's work then never settles while nothing is left for the event loop to do: the situation
 * in which Node exits 0 having printed nothing.
 */
import net from 'node:net';

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const socket = connect.apply(this, args);
  socket.unref();
  return socket;
};
