// The product's real-time chat (docs/realtime.md) with the official socket.io-client against a real
// `souk serve` on a seeded demo data dir: auth refusals, polling-then-upgrade and websocket-only,
// acknowledgements and idempotent retries, binary attachments, the client's own reconnection
// with catch-up, sockets ended at token expiry and logout, isolation of conversations, blocking
// and deletion. Expects target/debug/souk to exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { io } from 'socket.io-client';
import { FIRST_LIST_ID, ask, connected, once, seededDemo, sleep } from '../support/demo.mjs';

// A whole 1 x 1 PNG: attached images are decoded and re-encoded on upload.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63382127f71f0004ba02043e571fc70000000049454e44ae426082', 'hex');
const demo = seededDemo('souk-chat-');
const { people } = demo;
const gql = (...args) => demo.gql(...args);
const connect = (...args) => demo.connect(...args);

let counter = 0;
const clientId = () => `node-${process.pid}-${++counter}`;

/// Opens a conversation from a buyer about the first ad whose seller is someone else; answers
/// { buyer, seller, conversation, message } with the parties' tokens.
async function conversationBetweenTwo(buyerIndex = 0) {
  const buyer = people[buyerIndex];
  const socket = await connected(connect(buyer.token, { transports: ['websocket'] }));
  try {
    for (let listId = FIRST_LIST_ID; listId < FIRST_LIST_ID + 40; listId++) {
      const ack = await ask(socket, 'chat:open', { listId, text: 'Bonjour, toujours disponible ?', clientMessageId: clientId() });
      // One's own ad, or one that is not public (the demo has some): try the next.
      if (!ack.ok && ['CANNOT_MESSAGE_OWN_AD', 'NOT_FOUND'].includes(ack.error.code)) continue;
      assert.equal(ack.ok, true, JSON.stringify(ack));
      const seller = people.find((p) => p.id === ack.conversation.sellerId);
      assert.ok(seller, 'the seller is a demo account');
      return { buyer, seller, conversation: ack.conversation, message: ack.message };
    }
    throw new Error('no ad of another seller');
  } finally {
    socket.close();
  }
}

test('a CONNECT without a token, with a bad one, or after logout is refused with a catalogue code', async () => {
  for (const [token, code] of [[undefined, 'LOGIN_REQUIRED'], ['not-a-token', 'INVALID_TOKEN']]) {
    const socket = connect(token);
    const [err] = await once(socket, 'connect_error');
    assert.equal(err.data.code, code);
    assert.ok(err.data.messageKey);
    assert.ok(err.message.length > 0);
    socket.close();
  }
  const { login } = people[people.length - 1];
  const signIn = await gql('mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }', { i: login, p: 'souk-demo-2026' });
  const token = signIn.data.loginByIdentifier.accessToken;
  await gql('mutation { logout }', {}, token);
  const socket = connect(token);
  const [err] = await once(socket, 'connect_error');
  assert.equal(err.data.code, 'SESSION_EXPIRED');
  socket.close();
});

const signIn = async (login) => {
  const res = await gql('mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }', { i: login, p: 'souk-demo-2026' });
  const token = res.data?.loginByIdentifier?.accessToken;
  assert.ok(token, JSON.stringify(res));
  return token;
};

/// Resolves with [session:expired payload, disconnect reason, ms since the epoch] once the
/// server ends the socket.
function ended(socket) {
  const expired = once(socket, 'session:expired', 8000);
  const gone = once(socket, 'disconnect', 8000);
  return Promise.all([expired, gone]).then(([[error], [reason]]) => [error, reason, Date.now()]);
}

for (const transports of [undefined, ['websocket']]) {
  const how = transports ? 'websocket-only' : 'polling then upgrade';
  test(`an idle socket is ended when its access token expires; an expired token is refused at CONNECT (${how})`, async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const token = demo.reissue(people[0].token, exp);
    const socket = await connected(connect(token, transports ? { transports } : {}));
    try {
      const [error, reason, at] = await ended(socket);
      assert.equal(error.code, 'SESSION_EXPIRED');
      assert.ok(error.messageKey && error.message);
      assert.equal(reason, 'io server disconnect', 'a server DISCONNECT: the client does not reconnect by itself');
      assert.ok(at >= exp * 1000, `not before the expiry (${at} < ${exp * 1000})`);
      assert.ok(at < exp * 1000 + 2000, 'soon after the expiry');
    } finally {
      socket.close();
    }
    // The same token afterwards (and one long expired) is refused at CONNECT.
    for (const late of [token, demo.reissue(people[0].token, exp - 60)]) {
      const again = connect(late, transports ? { transports } : {});
      const [err] = await once(again, 'connect_error');
      assert.equal(err.data.code, 'SESSION_EXPIRED');
      assert.ok(err.data.messageKey && err.message);
      again.close();
    }
  });

  test(`a socket logged out while idle is ended at once, and only that token's sockets (${how})`, async () => {
    const { buyer, seller, conversation } = await conversationBetweenTwo(0);
    const token = await signIn(buyer.login);
    const b = await connected(connect(token, transports ? { transports } : {}));
    const other = await connected(connect(buyer.token, { transports: ['websocket'] }));
    const s = await connected(connect(seller.token, { transports: ['websocket'] }));
    const heard = [];
    s.on('chat:message', (m) => heard.push(m.text));
    try {
      const before = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text: 'avant' });
      assert.equal(before.ok, true, JSON.stringify(before));
      const end = ended(b);
      const started = Date.now();
      const out = await gql('mutation { logout }', {}, token);
      assert.equal(out.errors, undefined, JSON.stringify(out));
      const [error, reason, at] = await end;
      assert.equal(error.code, 'SESSION_EXPIRED');
      assert.equal(reason, 'io server disconnect');
      assert.ok(at - started < 2000, `ended by the logout, without an event (${at - started} ms)`);
      await sleep(200);
      assert.equal(other.connected, true, "another token's socket of the same account stays");
      const history = await ask(s, 'chat:history', { conversationId: conversation.id, limit: 50 });
      assert.ok(history.messages.some((m) => m.text === 'avant'));
      const again = connect(token);
      const [err] = await once(again, 'connect_error');
      assert.equal(err.data.code, 'SESSION_EXPIRED');
      again.close();
    } finally {
      b.close();
      other.close();
      s.close();
    }
  });
}

test('an unknown namespace of souk serve is refused with NOT_FOUND, even with a valid token', async () => {
  for (const transports of [undefined, ['websocket']]) {
    const socket = io(`${demo.url}/admin`, { reconnection: false, forceNew: true, auth: { token: people[0].token }, ...(transports ? { transports } : {}) });
    const [err] = await once(socket, 'connect_error');
    assert.equal(err.message, 'Invalid namespace');
    assert.equal(err.data.code, 'NOT_FOUND');
    assert.ok(err.data.messageKey);
    assert.equal(socket.connected, false);
    socket.close();
  }
});

test('messages sent without waiting for their acks are all acknowledged and delivered in order', async () => {
  const { buyer, seller, conversation } = await conversationBetweenTwo(0);
  const b = await connected(connect(buyer.token, { transports: ['websocket'] }));
  const b2 = await connected(connect(buyer.token, { transports: ['websocket'] }));
  const s = await connected(connect(seller.token, { transports: ['websocket'] }));
  const heard = [];
  const echoed = [];
  const mine = [];
  s.on('chat:message', (m) => { if (m.text?.startsWith('rafale ')) heard.push(m.text); });
  b.on('chat:message', (m) => { if (m.text?.startsWith('rafale ')) echoed.push(m.text); });
  b2.on('chat:message', (m) => { if (m.text?.startsWith('rafale ')) mine.push(m.text); });
  let dropped = false;
  b.on('disconnect', () => { dropped = true; });
  try {
    // Far more than a socket's inbound credits (256): the server stops reading for a while
    // (back-pressure) instead of dropping the client.
    const texts = Array.from({ length: 1500 }, (_, i) => `rafale ${i}`);
    const ids = texts.map(() => clientId());
    const acks = await Promise.all(texts.map((text, i) => ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: ids[i], text })));
    assert.equal(dropped, false, 'a fast sender is slowed down, not disconnected');
    assert.ok(acks.every((a) => a.ok), JSON.stringify(acks.find((a) => !a.ok)));
    const messageIds = acks.map((a) => a.message.id);
    const times = acks.map((a) => a.message.sentAt);
    assert.deepEqual([...times].sort((x, y) => x - y), times, 'stored in the order sent');
    assert.deepEqual([...messageIds].sort(), messageIds, 'time-ordered ids in the order sent');
    // A retry of one of them answers the stored message.
    const again = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: ids[7], text: texts[7] });
    assert.equal(again.message.id, messageIds[7]);
    for (let i = 0; i < 100 && (heard.length < texts.length || mine.length < texts.length); i++) await new Promise((r) => setTimeout(r, 50));
    // (A retry is pushed again, as every answered send: clients drop a message id they hold.)
    assert.deepEqual(heard.slice(0, texts.length), texts, 'the other party hears every message in order');
    assert.deepEqual(mine.slice(0, texts.length), texts, "the sender's other socket hears them too");
    assert.deepEqual(echoed, [], 'the sending socket has its acknowledgements, not its own messages again');
  } finally {
    b.close();
    b2.close();
    s.close();
  }
});

test('a polling client sending a burst of events gets every answer in order and stays connected', async () => {
  const { buyer, seller, conversation } = await conversationBetweenTwo(0);
  const b = await connected(connect(buyer.token, { transports: ['polling'] }));
  const s = await connected(connect(seller.token, { transports: ['websocket'] }));
  const heard = [];
  s.on('chat:message', (m) => { if (m.text?.startsWith('lent ')) heard.push(m.text); });
  try {
    const texts = Array.from({ length: 600 }, (_, i) => `lent ${i}`);
    const acks = await Promise.all(texts.map((text) => ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text })));
    assert.ok(acks.every((a) => a.ok), JSON.stringify(acks.find((a) => !a.ok)));
    assert.equal(b.connected, true);
    for (let i = 0; i < 100 && heard.length < texts.length; i++) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(heard, texts);
  } finally {
    b.close();
    s.close();
  }
});

test('polling then upgrade and websocket-only clients chat with acknowledgements after durability', async () => {
  const { buyer, seller, conversation, message } = await conversationBetweenTwo();
  assert.equal(message.text, 'Bonjour, toujours disponible ?');
  assert.equal(message.conversationId, conversation.id);
  const b = await connected(connect(buyer.token));
  const s = await connected(connect(seller.token, { transports: ['websocket'] }));
  try {
    if (b.io.engine.transport.name !== 'websocket') await once(b.io.engine, 'upgrade');
    assert.equal(b.io.engine.transport.name, 'websocket');
    const incoming = once(s, 'chat:message');
    const id = clientId();
    const ack = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: id, text: 'Je peux passer ce soir' });
    assert.equal(ack.ok, true);
    assert.equal(ack.message.clientMessageId, id);
    const [pushed] = await incoming;
    assert.equal(pushed.id, ack.message.id);
    assert.equal(pushed.senderId, buyer.id);
    // A retry with the same client message id is the same message.
    const retry = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: id, text: 'Je peux passer ce soir' });
    assert.equal(retry.message.id, ack.message.id);
    const history = await ask(s, 'chat:history', { conversationId: conversation.id, limit: 10 });
    assert.equal(history.messages.filter((m) => m.clientMessageId === id).length, 1);
    assert.equal(history.messages[0].id, ack.message.id, 'newest first');
    // Typing and read receipts reach the other party.
    const typing = once(s, 'chat:typing');
    await ask(b, 'chat:typing', { conversationId: conversation.id, typing: true });
    assert.equal((await typing)[0].accountId, buyer.id);
    const list = await ask(s, 'chat:list', {});
    const row = list.conversations.find((c) => c.id === conversation.id);
    assert.ok(row.unread >= 2);
    assert.ok(list.unreadTotal >= row.unread);
    assert.equal(row.other.online, true, 'the buyer is online');
    const receipt = once(b, 'chat:read');
    const read = await ask(s, 'chat:read', { conversationId: conversation.id, messageId: ack.message.id });
    assert.equal(read.unread, 0);
    assert.equal((await receipt)[0].messageId, ack.message.id);
  } finally {
    b.close();
    s.close();
  }
});

test('binary attachments are stored and pushed; wrong types and bad input are refused without storing', async () => {
  const { buyer, seller, conversation } = await conversationBetweenTwo(1);
  const b = await connected(connect(buyer.token, { transports: ['websocket'] }));
  const s = await connected(connect(seller.token));
  try {
    const incoming = once(s, 'chat:message');
    const ack = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), attachment: { name: 'photo.png', data: PNG } });
    assert.equal(ack.ok, true, JSON.stringify(ack));
    assert.equal(ack.message.attachment.contentType, 'image/png');
    assert.equal(ack.message.attachment.name, 'photo.png');
    const [pushed] = await incoming;
    assert.equal(pushed.attachment.url, ack.message.attachment.url);
    // Only the two parties may fetch it: the other member (and the sender) get the bytes, a
    // third account and a visitor the catalogue error and no byte.
    const fetchAs = (token) => fetch(demo.url + ack.message.attachment.url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    for (const member of [seller, buyer]) {
      const res = await fetchAs(member.token);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/png');
      assert.match(res.headers.get('content-disposition') ?? '', /^attachment/);
      assert.equal(res.headers.get('content-security-policy'), "default-src 'none'; sandbox");
      // Stored as re-encoded: a PNG still, not necessarily the bytes sent.
      assert.deepEqual(Buffer.from(await res.arrayBuffer()).subarray(0, 8), PNG.subarray(0, 8));
    }
    const third = people.find((p) => p.id !== buyer.id && p.id !== seller.id);
    for (const [token, code, status] of [[third.token, 'CONVERSATION_NOT_FOUND', 404], [undefined, 'LOGIN_REQUIRED', 401]]) {
      const res = await fetchAs(token);
      assert.equal(res.status, status, code);
      const body = await res.json();
      assert.equal(body.code, code);
      assert.ok(body.messageKey && body.wording);
      assert.ok(!JSON.stringify(body).includes(PNG.toString('base64')), 'no byte of the file');
    }
    const exe = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), attachment: { name: 'x.exe', data: Buffer.from('MZ\x90\x00binary') } });
    assert.equal(exe.ok, false);
    assert.equal(exe.error.code, 'ATTACHMENT_TYPE');
    assert.ok(exe.error.messageKey && exe.error.message);
    const empty = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text: '   ' });
    assert.equal(empty.error.code, 'CHAT_MESSAGE_EMPTY');
    const noId = await ask(b, 'chat:send', { conversationId: conversation.id, text: 'x' });
    assert.equal(noId.error.code, 'INVALID_ARGUMENT');
    const history = await ask(s, 'chat:history', { conversationId: conversation.id, limit: 50 });
    assert.equal(history.messages.filter((m) => m.attachment).length, 1, 'refused files are not stored');
  } finally {
    b.close();
    s.close();
  }
});

for (const transports of [undefined, ['websocket']]) {
  const how = transports ? 'websocket-only' : 'polling then upgrade';
  test(`the client's own reconnection brings the socket back and chat:sync fetches what it missed (${how})`, async () => {
    const { buyer, seller, conversation, message } = await conversationBetweenTwo(2);
    // The official client with its reconnection on (quick, not random, so the test is short).
    const b = io(demo.url, {
      forceNew: true,
      auth: { token: buyer.token },
      reconnection: true,
      reconnectionDelay: 400,
      reconnectionDelayMax: 400,
      randomizationFactor: 0,
      ...(transports ? { transports } : {}),
    });
    const s = await connected(connect(seller.token, { transports: ['websocket'] }));
    try {
      await connected(b);
      if (b.io.engine.transport.name !== 'websocket') await once(b.io.engine, 'upgrade');
      // What the client holds: the last message id it has seen.
      let lastId = message.id;
      const live = [];
      b.on('chat:message', (m) => {
        live.push(m.text);
        lastId = m.id;
      });
      const heard = once(b, 'chat:message');
      await ask(s, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text: 'en direct' });
      await heard;

      // The connection drops under the client (its transport closes); the client reconnects by itself.
      const firstSocketId = b.id;
      const away = once(b, 'disconnect');
      const back = once(b.io, 'reconnect', 8000);
      b.io.engine.transport.close();
      const [reason] = await away;
      assert.equal(reason, 'transport close');
      const sentWhileAway = [];
      for (const text of ['pendant 1', 'pendant 2', 'pendant 3']) {
        const ack = await ask(s, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text });
        assert.equal(ack.ok, true, JSON.stringify(ack));
        assert.equal(b.connected, false, 'sent while the buyer is away');
        sentWhileAway.push(ack.message.id);
      }
      const [attempts] = await back;
      assert.ok(attempts >= 1, 'brought back by the reconnection, not by a new socket');
      await connected(b);
      assert.notEqual(b.id, firstSocketId, 'a new server-side socket');
      assert.deepEqual(live, ['en direct'], 'nothing reached the client while it was away');

      // The catch-up from its last message id has exactly what it missed, oldest first.
      const sync = await ask(b, 'chat:sync', { since: lastId });
      assert.equal(sync.ok, true, JSON.stringify(sync));
      assert.deepEqual(sync.messages.filter((m) => m.conversationId === conversation.id).map((m) => m.id), sentWhileAway);
      assert.deepEqual(sync.messages.map((m) => m.text), ['pendant 1', 'pendant 2', 'pendant 3']);
      const bad = await ask(b, 'chat:sync', { since: 'yesterday' });
      assert.equal(bad.ok, false);
      assert.equal(bad.error.code, 'INVALID_ARGUMENT');

      // And it is live again in its room.
      const again = once(b, 'chat:message');
      await ask(s, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text: 'de retour' });
      assert.equal((await again)[0].text, 'de retour');
    } finally {
      b.close();
      s.close();
    }
  });
}

test('someone outside a conversation can neither post to it nor hear it', async () => {
  const { buyer, seller, conversation } = await conversationBetweenTwo(0);
  const outsider = people.find((p) => p.id !== buyer.id && p.id !== seller.id);
  const o = await connected(connect(outsider.token, { transports: ['websocket'] }));
  const b = await connected(connect(buyer.token, { transports: ['websocket'] }));
  const heard = [];
  o.on('chat:message', (m) => heard.push(m));
  try {
    for (const event of ['chat:send', 'chat:read', 'chat:typing', 'chat:block', 'chat:delete', 'chat:history']) {
      const ack = await ask(o, event, { conversationId: conversation.id, clientMessageId: clientId(), text: 'intrus', messageId: conversation.lastMessageId, typing: true });
      assert.equal(ack.ok, false, event);
      assert.equal(ack.error.code, 'CONVERSATION_NOT_FOUND', event);
    }
    await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text: 'privé' });
    await new Promise((r) => setTimeout(r, 200));
    assert.deepEqual(heard, []);
  } finally {
    o.close();
    b.close();
  }
});

test('blocking stops messages with a clear error and both sides see it; unblocking lets them through', async () => {
  const { buyer, seller, conversation } = await conversationBetweenTwo(1);
  const b = await connected(connect(buyer.token, { transports: ['websocket'] }));
  const s = await connected(connect(seller.token, { transports: ['websocket'] }));
  try {
    const buyerSees = once(b, 'chat:blocked');
    const blocked = await ask(s, 'chat:block', { conversationId: conversation.id });
    assert.equal(blocked.blocked, true);
    assert.equal(blocked.blockedByMe, true);
    assert.deepEqual((await buyerSees)[0].blockedBy, [seller.id]);
    const refused = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text: 'allo ?' });
    assert.equal(refused.ok, false);
    assert.equal(refused.error.code, 'CONVERSATION_BLOCKED');
    const list = await ask(b, 'chat:list', {});
    assert.equal(list.conversations.find((c) => c.id === conversation.id).blocked, true);
    const cannot = await ask(b, 'chat:unblock', { conversationId: conversation.id });
    assert.equal(cannot.blocked, true, 'only the one who blocked can unblock');
    await ask(s, 'chat:unblock', { conversationId: conversation.id });
    const ok = await ask(b, 'chat:send', { conversationId: conversation.id, clientMessageId: clientId(), text: 'merci' });
    assert.equal(ok.ok, true);
  } finally {
    b.close();
    s.close();
  }
});

test('deleting a conversation hides it for oneself only', async () => {
  const { buyer, seller, conversation } = await conversationBetweenTwo(2);
  const b = await connected(connect(buyer.token, { transports: ['websocket'] }));
  const s = await connected(connect(seller.token, { transports: ['websocket'] }));
  try {
    const del = await ask(b, 'chat:delete', { conversationId: conversation.id });
    assert.equal(del.ok, true);
    const mine = await ask(b, 'chat:list', {});
    assert.equal(mine.conversations.some((c) => c.id === conversation.id), false);
    const hidden = await ask(b, 'chat:history', { conversationId: conversation.id });
    assert.deepEqual(hidden.messages, []);
    const theirs = await ask(s, 'chat:list', {});
    assert.equal(theirs.conversations.some((c) => c.id === conversation.id), true);
  } finally {
    b.close();
    s.close();
  }
});
