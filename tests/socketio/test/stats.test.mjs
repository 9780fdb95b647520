// Live statistics (docs/stats.md) with the official socket.io-client against a real `souk serve`
// on a seeded demo data dir: a view of an ad reaches its owner's open socket as `stats:update`
// within a second, and nobody else's. Expects target/debug/souk to exist.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const binary = process.env.SOUK_BIN ?? path.join(root, 'target/debug/souk');
const FIRST_LIST_ID = 10_000_001;

let child;
let url;
let dataDir;
const people = []; // { login, token, id }

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

function run(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (c) => { err += c; });
    p.once('error', reject);
    p.once('exit', (code) => (code === 0 ? resolve(err) : reject(new Error(`souk ${args[0]} exited ${code}: ${err}`))));
  });
}

async function gql(query, variables = {}, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return res.json();
}

before(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'souk-stats-'));
  const seeded = await run(['seed', '--demo', '--ads', '40', '--data-dir', dataDir]);
  const logins = seeded
    .split('\n')
    .filter((l) => /^ {2}(private|shop) /.test(l))
    .map((l) => l.trim().split(/\s+/))
    .map((parts) => ({ login: parts[parts.length - 2], password: parts[parts.length - 1] }));
  assert.ok(logins.length >= 3, seeded);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  child = spawn(binary, ['serve', '--data-dir', dataDir, '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise((resolve, reject) => {
    let seen = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`souk exited with ${code}: ${seen}`)));
    child.stderr.on('data', (chunk) => {
      seen += chunk;
      if (seen.includes('serving on')) resolve();
    });
  });
  for (const { login, password } of logins) {
    const signIn = await gql('mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }', { i: login, p: password });
    const token = signIn.data?.loginByIdentifier?.accessToken;
    assert.ok(token, JSON.stringify(signIn));
    const me = await gql('{ getMyAccountInfo { id } }', {}, token);
    people.push({ login, token, id: me.data.getMyAccountInfo.id });
  }
});

after(() => {
  child?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function connect(token, opts = {}) {
  return io(url, { reconnection: false, forceNew: true, auth: token === undefined ? {} : { token }, ...opts });
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

const ask = (socket, event, payload) => socket.timeout(5000).emitWithAck(event, payload);

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

async function view(listId, visitorId) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER, visitorId },
    body: JSON.stringify({ query: 'mutation($l: Int!) { collectPerformanceEvent(event: { name: "view", listId: $l }) }', variables: { l: listId } }),
  });
  return res.json();
}

test('a view reaches the owner\'s open statistics within a second, and nobody else', async () => {
  let ad;
  for (let listId = FIRST_LIST_ID; listId < FIRST_LIST_ID + 40 && !ad; listId++) {
    const found = await gql('query($l: Int!) { getAd(listId: $l) { ad { adId listId } seller { accountId } } }', { l: listId });
    if (found.data?.getAd && people.some((p) => p.id === found.data.getAd.seller.accountId)) ad = found.data.getAd;
  }
  assert.ok(ad, 'an active demo ad');
  const owner = people.find((p) => p.id === ad.seller.accountId);
  const other = people.find((p) => p.id !== owner.id);
  const ownerSocket = await connected(connect(owner.token));
  const otherSocket = await connected(connect(other.token, { transports: ['websocket'] }));
  try {
    let strayUpdate = null;
    otherSocket.on('stats:update', (u) => { strayUpdate = u; });
    const arrived = once(ownerSocket, 'stats:update', 1000);
    const counted = await view(ad.ad.listId, `visitor-${process.pid}`);
    assert.equal(counted.data.collectPerformanceEvent, true, JSON.stringify(counted));
    const [update] = await arrived;
    assert.equal(update.metric, 'view');
    assert.equal(update.adId, ad.ad.adId);
    // A repeat by the same visitor is not counted and pushes nothing.
    const again = await view(ad.ad.listId, `visitor-${process.pid}`);
    assert.equal(again.data.collectPerformanceEvent, false);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(strayUpdate, null, 'another account saw the update');
  } finally {
    ownerSocket.close();
    otherSocket.close();
  }
});
