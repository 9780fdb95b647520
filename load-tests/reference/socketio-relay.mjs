// The reference socket.io server souk-load measures beside Souk: the same chat:send / chat:message
// contract, no auth and no storage. A client names its conversations in the CONNECT auth payload
// ({conversations: [...]}) and joins their rooms; chat:send is acknowledged {ok, message} and
// relayed as chat:message to the other members of the room.
// Usage: node socketio-relay.mjs PORT
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.argv[2] ?? 8090);
const http = createServer();
const io = new Server(http, { serveClient: false });
io.on('connection', (socket) => {
  const conversations = Array.isArray(socket.handshake.auth?.conversations) ? socket.handshake.auth.conversations : [];
  for (const c of conversations) socket.join(String(c));
  let seq = 0;
  socket.on('chat:send', (payload, ack) => {
    const message = {
      id: `${socket.id}-${++seq}`,
      conversationId: payload?.conversationId,
      senderId: socket.id,
      text: payload?.text ?? null,
      sentAt: Date.now(),
      clientMessageId: payload?.clientMessageId,
    };
    socket.to(String(payload?.conversationId)).emit('chat:message', message);
    if (typeof ack === 'function') ack({ ok: true, message });
  });
});
http.listen(port, '127.0.0.1', () => console.error(`socket.io relay listening on http://127.0.0.1:${port}`));
