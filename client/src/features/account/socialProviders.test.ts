// The providers' SDKs are set up once, right after they load, not on every click; an SDK that
// was missing after its script ran is looked for again on the next click.

import { facebookAccessToken, googleIdToken, resetSocialScripts, type FacebookSdk, type GoogleIdentity } from './socialProviders';

afterEach(() => {
  delete window.google;
  delete window.FB;
  for (const script of [...document.head.getElementsByTagName('script')]) script.remove();
  resetSocialScripts();
});

it('initialises Google Identity Services once for two sign-ins, each answered by the prompt', async () => {
  const clientIds: string[] = [];
  let callback: ((response: { credential?: string }) => void) | undefined;
  let prompts = 0;
  const google: GoogleIdentity = {
    accounts: {
      id: {
        initialize: (options) => {
          clientIds.push(options.client_id);
          callback = options.callback;
        },
        prompt: () => {
          prompts += 1;
          const credential = `id-token-${String(prompts)}`;
          setTimeout(() => { callback?.({ credential }); });
        },
      },
    },
  };
  window.google = google;
  expect(await googleIdToken('client-123')).toBe('id-token-1');
  expect(await googleIdToken('client-123')).toBe('id-token-2');
  expect(clientIds).toEqual(['client-123']);
});

it('calls FB.init once for two sign-ins', async () => {
  const inits: string[] = [];
  const fb: FacebookSdk = {
    init: (options) => { inits.push(options.appId); },
    login: (callback) => { callback({ status: 'connected', authResponse: { accessToken: 'fb-access-token' } }); },
  };
  window.FB = fb;
  expect(await facebookAccessToken('4242')).toBe('fb-access-token');
  expect(await facebookAccessToken('4242')).toBe('fb-access-token');
  expect(inits).toEqual(['4242']);
});

it('looks for the SDK again on the next click when its script ran without defining it', async () => {
  const first = facebookAccessToken('4242');
  const script = document.head.getElementsByTagName('script')[0];
  script?.dispatchEvent(new Event('load'));
  await expect(first).rejects.toThrow('could not load');
  const inits: string[] = [];
  window.FB = {
    init: (options) => { inits.push(options.appId); },
    login: (callback) => { callback({ status: 'connected', authResponse: { accessToken: 'fb-access-token' } }); },
  };
  expect(await facebookAccessToken('4242')).toBe('fb-access-token');
  expect(inits).toEqual(['4242']);
});
