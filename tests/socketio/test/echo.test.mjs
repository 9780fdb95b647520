// Conformance of `souk socketio-echo` with the official socket.io-client (Engine.IO v4 / Socket.IO v5).
// Expects target/debug/souk to exist (cargo builds it); starts it on a free port for this file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { io } from 'socket.io-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const binary = process.env.SOUK_BIN ?? path.join(root, 'target/debug/souk');
const PING_INTERVAL = 400;
const PING_TIMEOUT = 300;

let child;
let url;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

before(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(binary, ['socketio-echo', '--port', String(port), '--ping-interval', String(PING_INTERVAL),
    '--ping-timeout', String(PING_TIMEOUT)], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise((resolve, reject) => {
    let seen = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`souk exited with ${code}: ${seen}`)));
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      if (seen.includes('listening')) resolve();
    });
  });
});

after(() => {
  child?.kill();
});

function connect(nsp = '', opts = {}) {
  return io(url + nsp, { reconnection: false, forceNew: true, ...opts });
}

function once(emitter, event, ms = 5000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), ms);
    emitter.once(event, (...args) => {
      clearTimeout(timer);
      resolve(args);
    });
  });
}

async function connected(socket) {
  if (!socket.connected) await once(socket, 'connect');
  return socket;
}

test('default options connect over polling then upgrade to websocket', async () => {
  const socket = connect();
  try {
    await connected(socket);
    assert.equal(socket.io.engine.transport.name === 'polling' || socket.io.engine.transport.name === 'websocket', true);
    if (socket.io.engine.transport.name !== 'websocket') await once(socket.io.engine, 'upgrade');
    assert.equal(socket.io.engine.transport.name, 'websocket');
    // the session still works after the upgrade
    socket.emit('message', 'after upgrade');
    const [back] = await once(socket, 'message-back');
    assert.equal(back, 'after upgrade');
  } finally {
    socket.close();
  }
});

test('websocket-only transport', async () => {
  const socket = connect('', { transports: ['websocket'] });
  try {
    await connected(socket);
    assert.equal(socket.io.engine.transport.name, 'websocket');
  } finally {
    socket.close();
  }
});

test('polling-only transport survives several ping rounds', async () => {
  const socket = connect('', { transports: ['polling'] });
  try {
    await connected(socket);
    await new Promise((r) => setTimeout(r, PING_INTERVAL * 3));
    assert.equal(socket.connected, true);
    socket.emit('message', 1, 'two', { three: [3] });
    const args = await once(socket, 'message-back');
    assert.deepEqual(args, [1, 'two', { three: [3] }]);
  } finally {
    socket.close();
  }
});

for (const transports of [['polling'], ['websocket']]) {
  test(`auth is echoed (${transports})`, async () => {
    const socket = connect('', { transports, auth: { token: 'abc', n: 1 } });
    try {
      const [auth] = await once(socket, 'auth');
      assert.deepEqual(auth, { token: 'abc', n: 1 });
    } finally {
      socket.close();
    }
  });

  test(`message comes back as message-back (${transports})`, async () => {
    const socket = await connected(connect('', { transports }));
    try {
      socket.emit('message', 'hello', 42, { a: [1, null, true] });
      const args = await once(socket, 'message-back');
      assert.deepEqual(args, ['hello', 42, { a: [1, null, true] }]);
    } finally {
      socket.close();
    }
  });

  test(`acknowledgement carries the arguments (${transports})`, async () => {
    const socket = await connected(connect('', { transports }));
    try {
      const reply = await socket.timeout(5000).emitWithAck('message-with-ack', 'x', { y: 2 });
      assert.deepEqual(reply, 'x');
      const both = await new Promise((resolve) => socket.emit('message-with-ack', 1, 2, (...a) => resolve(a)));
      assert.deepEqual(both, [1, 2]);
    } finally {
      socket.close();
    }
  });

  test(`binary round trip (${transports})`, async () => {
    const socket = await connected(connect('', { transports }));
    try {
      const buf = Buffer.from([0, 1, 2, 253, 254, 255]);
      const u8 = new Uint8Array([9, 8, 7]);
      socket.emit('message', buf, { nested: u8, text: 't' });
      const [b1, obj] = await once(socket, 'message-back');
      assert.deepEqual(Buffer.from(b1), buf);
      assert.deepEqual(Buffer.from(obj.nested), Buffer.from(u8));
      assert.equal(obj.text, 't');
      const acked = await socket.timeout(5000).emitWithAck('message-with-ack', Buffer.from('bytes'));
      assert.equal(Buffer.from(acked).toString(), 'bytes');
    } finally {
      socket.close();
    }
  });

  test(`/custom namespace (${transports})`, async () => {
    const socket = connect('/custom', { transports, auth: { where: 'custom' } });
    try {
      const [auth] = await once(socket, 'auth');
      assert.deepEqual(auth, { where: 'custom' });
      socket.emit('message', 'in custom');
      const [back] = await once(socket, 'message-back');
      assert.equal(back, 'in custom');
    } finally {
      socket.close();
    }
  });

  test(`unknown namespace gives connect_error (${transports})`, async () => {
    const socket = connect('/nope', { transports });
    try {
      const [err] = await once(socket, 'connect_error');
      assert.equal(err.message, 'Invalid namespace');
    } finally {
      socket.close();
    }
  });
}

test('a large binary payload (200 kB) round trips over websocket', async () => {
  const socket = await connected(connect('', { transports: ['websocket'] }));
  try {
    const big = Buffer.alloc(200_000, 7);
    socket.emit('message', big);
    const [back] = await once(socket, 'message-back');
    assert.equal(Buffer.from(back).equals(big), true);
  } finally {
    socket.close();
  }
});

// Whether the server still has the session: a polling session takes the noop (200); one on
// WebSocket refuses polling requests (400, "Bad request", code 3); only a session it no longer
// has answers "Session ID unknown" (code 1).
async function sidIsKnown(sid) {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${encodeURIComponent(sid)}`, {
    method: 'POST',
    body: '6',
  });
  const text = await res.text();
  if (res.status === 200) return true;
  return JSON.parse(text).code !== 1;
}

for (const transports of [['polling'], ['websocket']]) {
  test(`a client that stops answering pings is dropped (${transports})`, async () => {
    const socket = await connected(connect('', { transports }));
    const engine = socket.io.engine;
    const sid = engine.id;
    assert.equal(await sidIsKnown(sid), true);
    // Swallow the pongs the client would send.
    for (const name of ['sendPacket', '_sendPacket']) {
      const original = engine[name];
      if (typeof original === 'function') {
        engine[name] = function (type, ...rest) {
          if (type === 'pong') return undefined;
          return original.call(this, type, ...rest);
        };
      }
    }
    try {
      const [reason] = await once(socket, 'disconnect', (PING_INTERVAL + PING_TIMEOUT) * 4);
      // The server drops the client before the client's own (longer) ping timer fires.
      assert.equal(reason, 'transport close');
      assert.equal(await sidIsKnown(sid), false);
    } finally {
      socket.close();
    }
  });
}

for (const transports of [['polling'], ['websocket']]) {
  test(`a client that disconnects leaves the server (${transports})`, async () => {
    const socket = await connected(connect('', { transports }));
    const sid = socket.io.engine.id;
    assert.equal(await sidIsKnown(sid), true);
    socket.disconnect();
    await new Promise((r) => setTimeout(r, 100));
    assert.equal(await sidIsKnown(sid), false);
  });
}

test('a raw session that never polls again leaves the server', async () => {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
  const body = await res.text();
  assert.equal(body[0], '0');
  const open = JSON.parse(body.slice(1));
  assert.deepEqual(open.upgrades, ['websocket']);
  assert.equal(open.pingInterval, PING_INTERVAL);
  assert.equal(open.maxPayload, 1000000);
  await new Promise((r) => setTimeout(r, PING_INTERVAL + PING_TIMEOUT + 300));
  assert.equal(await sidIsKnown(open.sid), false);
});

test('malformed input is refused without taking the server down', async () => {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
  const open = JSON.parse((await res.text()).slice(1));
  const post = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${open.sid}`, {
    method: 'POST',
    body: '42["unterminated"',
  });
  await post.text();
  assert.equal(await sidIsKnown(open.sid), false);
  const bad = await fetch(`${url}/socket.io/?EIO=3&transport=polling`);
  assert.equal(bad.status, 400);
  await bad.text();
  const socket = await connected(connect());
  socket.close();
});

test('a polling body over maxPayload is refused and closes the session', async () => {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
  const open = JSON.parse((await res.text()).slice(1));
  const post = await fetch(`${url}/socket.io/?EIO=4&transport=polling&sid=${open.sid}`, {
    method: 'POST',
    body: '4' + 'x'.repeat(open.maxPayload + 1),
  });
  assert.equal(post.status, 413);
  await post.text().catch(() => '');
  assert.equal(await sidIsKnown(open.sid), false);
});

test('a websocket frame over maxPayload closes the connection', async () => {
  const socket = await connected(connect('', { transports: ['websocket'] }));
  try {
    socket.emit('message', Buffer.alloc(1_100_000, 1));
    const [reason] = await once(socket, 'disconnect');
    assert.equal(reason, 'transport close');
  } finally {
    socket.close();
  }
});

test('a second concurrent poll is an error that closes the session', async () => {
  const res = await fetch(`${url}/socket.io/?EIO=4&transport=polling`);
  const open = JSON.parse((await res.text()).slice(1));
  const pollUrl = `${url}/socket.io/?EIO=4&transport=polling&sid=${open.sid}`;
  const first = fetch(pollUrl).then((r) => r.text());
  await new Promise((r) => setTimeout(r, 50));
  const second = await fetch(pollUrl);
  await second.text();
  assert.equal(second.status, 400);
  assert.equal(await first, '1');
  assert.equal(await sidIsKnown(open.sid), false);
});
