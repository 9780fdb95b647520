// What the product suites (chat, stats) share: a real `souk serve` on a freshly seeded demo data
// dir, its demo accounts signed in, and small helpers around the official socket.io-client.
// Expects target/debug/souk to exist (or SOUK_BIN).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createHmac, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const binary = process.env.SOUK_BIN ?? path.join(root, 'target/debug/souk');
export const FIRST_LIST_ID = 10_000_001;

export function freePort() {
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

/// Runs `souk <args>` to its end; resolves with what it printed on stderr.
export function run(args) {
  return new Promise((resolve, reject) => {
    const p = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (c) => { err += c; });
    p.once('error', reject);
    p.once('exit', (code) => (code === 0 ? resolve(err) : reject(new Error(`souk ${args[0]} exited ${code}: ${err}`))));
  });
}

export function once(emitter, event, ms = 5000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), ms);
    emitter.once(event, (...args) => {
      clearTimeout(timer);
      resolve(args);
    });
  });
}

export async function connected(socket) {
  if (!socket.connected) await once(socket, 'connect');
  return socket;
}

export const ask = (socket, event, payload) => socket.timeout(5000).emitWithAck(event, payload);

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// Registers the suite's before/after hooks: seed a demo of 40 ads in a temporary data dir, serve
/// it on a free loopback port, sign every demo account in. The returned object is filled in by
/// the time the tests run: `url`, `people` ({ login, token, id }), `gql`, `connect`.
export function seededDemo(prefix) {
  let child;
  let dataDir;
  const demo = {
    url: undefined,
    people: [],
    async gql(query, variables = {}, token) {
      const headers = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(`${demo.url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      return res.json();
    },
    connect(token, opts = {}) {
      return io(demo.url, { reconnection: false, forceNew: true, auth: token === undefined ? {} : { token }, ...opts });
    },
    /// `token` signed again with the server's key (the data dir's auth-secret), with the expiry
    /// `exp` (unix seconds) and a new token id: a token that expires when a test wants.
    reissue(token, exp) {
      const secret = readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim();
      const [header, payload] = token.split('.');
      const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), exp, jti: randomUUID() };
      const body = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
      return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
    },
  };

  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    const seeded = await run(['seed', '--demo', '--ads', '40', '--data-dir', dataDir]);
    const logins = seeded
      .split('\n')
      .filter((l) => /^ {2}(private|shop) /.test(l))
      .map((l) => l.trim().split(/\s+/))
      .map((parts) => ({ login: parts[parts.length - 2], password: parts[parts.length - 1] }));
    assert.ok(logins.length >= 3, seeded);
    const port = await freePort();
    demo.url = `http://127.0.0.1:${port}`;
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
      const signIn = await demo.gql('mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }', { i: login, p: password });
      const token = signIn.data?.loginByIdentifier?.accessToken;
      assert.ok(token, JSON.stringify(signIn));
      const me = await demo.gql('{ getMyAccountInfo { id } }', {}, token);
      demo.people.push({ login, token, id: me.data.getMyAccountInfo.id });
    }
  });

  after(() => {
    child?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return demo;
}
