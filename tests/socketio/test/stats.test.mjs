// Live statistics (docs/stats.md) with the official socket.io-client against a real `souk serve`
// on a seeded demo data dir: a view of an ad reaches its owner's open socket as `stats:update`
// within a second, and nobody else's. Expects target/debug/souk to exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FIRST_LIST_ID, ask, connected, once, seededDemo } from '../support/demo.mjs';

const demo = seededDemo('souk-stats-');
const { people } = demo;
const gql = (...args) => demo.gql(...args);
const connect = (...args) => demo.connect(...args);

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

async function view(listId, visitorId) {
  const res = await fetch(`${demo.url}/graphql`, {
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
    assert.equal(update.count, 1, 'the ad session pushes how many views it counted');
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
