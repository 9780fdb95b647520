// GraphQL a browser journey calls behind the page's back, straight to the server under test
// (BASE_URL): a demo account's token, the demo shop's active ads, an admin's decision. Any
// GraphQL error fails the journey with the server's own words.

import assert from 'node:assert/strict';
import { BASE_URL, DEMO_PASSWORD } from './browser.mjs';

/** Runs one GraphQL operation and returns its data; `token` signs it in. */
export async function gql(query, variables = {}, token) {
  const response = await fetch(`${BASE_URL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data;
}

/** An access token of the demo account `login` (its password is the demo's). */
export async function tokenOf(login) {
  const { loginByIdentifier } = await gql(
    'mutation($i: String!, $p: String!) { loginByIdentifier(identifier: $i, password: $p) { accessToken } }',
    { i: login, p: DEMO_PASSWORD },
  );
  return loginByIdentifier.accessToken;
}

/** The list ids of the first page of `login`'s active ads, as the my-ads tab asks for them. */
export async function activeAdsOf(login) {
  const { getMyAds } = await gql(
    'query { getMyAds(filters: { status: "ACTIVE" }, pagination: { number: 1, size: 12 }) { ads { listId } } }',
    {},
    await tokenOf(login),
  );
  return getMyAds.ads.map((ad) => ad.listId);
}
