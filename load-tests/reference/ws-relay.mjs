// A WebSocket relay with no protocol and no storage, on Node's one core: the ceiling of the
// earlier runs, now a column beside it (the ceiling is `souk-load relay`, load-tests/src/relay.rs,
// which speaks the same wire on every core). A client names its conversations in the URL
// (/?conversations=a,b); each JSON text frame {conversationId, clientMessageId, text} is
// answered {ack: clientMessageId} and relayed as {conversationId, text} to the other members of
// the conversation.
// Usage: node ws-relay.mjs PORT
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2] ?? 8091);
const rooms = new Map();
const wss = new WebSocketServer({ host: '127.0.0.1', port, perMessageDeflate: false });
wss.on('connection', (socket, req) => {
  const url = new URL(req.url, 'http://x');
  const mine = (url.searchParams.get('conversations') ?? '').split(',').filter(Boolean);
  for (const c of mine) {
    if (!rooms.has(c)) rooms.set(c, new Set());
    rooms.get(c).add(socket);
  }
  socket.on('message', (data) => {
    let m;
    try { m = JSON.parse(data); } catch { return; }
    const out = JSON.stringify({ conversationId: m.conversationId, text: m.text });
    for (const peer of rooms.get(String(m.conversationId)) ?? []) if (peer !== socket) peer.send(out);
    socket.send(JSON.stringify({ ack: m.clientMessageId }));
  });
  socket.on('close', () => { for (const c of mine) rooms.get(c)?.delete(socket); });
});
wss.on('listening', () => console.error(`ws relay listening on ws://127.0.0.1:${port}`));
