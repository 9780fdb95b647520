// Lighthouse (mobile, the default form factor with simulated throttling) performance and
// accessibility of the home page, a listing and an ad view, against a running server
// (BASE_URL) in Debian's Chromium. Not part of `make test`: it needs its own install and takes
// about a minute a page. See docs/benchmarks.md "Web client".
//
//   cd client/scripts/lighthouse && npm ci
//   BASE_URL=http://127.0.0.1:18080 node run.mjs [--gzip] [--json out.json] [/path ...]
//
// --gzip puts a local proxy in front of BASE_URL that gzips text answers (what a reverse proxy
// or CDN does in production; `souk serve` itself sends them uncompressed), to measure the client
// apart from the server's transport.
//
// lighthouse 12.8 is the last release that runs on Node 20 (13 needs Node 22.19).

import { writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ORIGIN = process.env.BASE_URL?.replace(/\/+$/, '');
if (!ORIGIN) {
  console.error('BASE_URL is required (a running `souk serve --demo` that serves client/dist)');
  process.exit(2);
}
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonPath = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
const gzip = args.includes('--gzip');
const given = args.filter((arg, i) => !(jsonAt >= 0 && (i === jsonAt || i === jsonAt + 1)) && arg !== '--gzip');

/** A proxy to ORIGIN that gzips text bodies for clients that accept it; its base URL. */
async function gzipProxy() {
  const origin = new URL(ORIGIN);
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      { host: origin.hostname, port: origin.port, path: req.url, method: req.method, headers: { ...req.headers, host: origin.host, 'accept-encoding': 'identity' } },
      (answer) => {
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const headers = { ...answer.headers };
          const text = /text|javascript|json|svg/.test(String(headers['content-type'] ?? ''));
          if (text && /gzip/.test(String(req.headers['accept-encoding'] ?? '')) && body.length > 0) {
            const packed = gzipSync(body);
            delete headers['content-length'];
            headers['content-encoding'] = 'gzip';
            headers['content-length'] = String(packed.length);
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(packed);
          } else {
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(body);
          }
        });
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { base: `http://127.0.0.1:${String(port)}`, server };
}

const proxy = gzip ? await gzipProxy() : undefined;
const BASE_URL = proxy?.base ?? ORIGIN;

/** The canonical address of the first demo ad (the server redirects /vi/{id}.htm to it). */
async function adViewPath() {
  const response = await fetch(`${BASE_URL}/vi/10000001.htm`, { redirect: 'follow' });
  return new URL(response.url).pathname;
}

const pages = given.length > 0 ? given.map((path) => ['page', path]) : [
  ['home', '/'],
  ['listing', '/maroc/voitures'],
  ['ad view', await adViewPath()],
];

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-sync'],
});
const results = [];
try {
  for (const [name, path] of pages) {
    const url = `${BASE_URL}${path}`;
    const run = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = run?.lhr;
    if (!lhr) throw new Error(`no result for ${url}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? '';
    const failed = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0))
      .map((a) => a.id);
    results.push({
      name,
      path: decodeURIComponent(path),
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      accessibilityFailures: failed,
    });
  }
} finally {
  await chrome.kill();
  proxy?.server.close();
}
console.log(gzip ? `through a gzip proxy in front of ${ORIGIN}` : `against ${ORIGIN} as it answers`);
for (const r of results) {
  console.log(
    `${r.name} (${r.path}): performance ${r.performance}, accessibility ${r.accessibility} — FCP ${r.fcp}, LCP ${r.lcp}, TBT ${r.tbt}, CLS ${r.cls}` +
      (r.accessibilityFailures.length > 0 ? `; accessibility audits failed: ${r.accessibilityFailures.join(', ')}` : ''),
  );
}
if (jsonPath) await writeFile(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
