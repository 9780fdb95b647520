// The social buttons' real token sources (socialProviders.ts), with the providers' globals
// simulated: the page's configuration (window.__SOUK_CONFIG__) names the ids; Google Identity
// Services' script is loaded on the first click and its credential sent to loginWithGoogle;
// Facebook's SDK login answers an access token for loginByFacebook; a closed dialog, a script
// that fails to load, and no configuration each say so.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountInfo, gateway, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { FACEBOOK_SCRIPT, GOOGLE_SCRIPT, resetSocialScripts, type FacebookSdk, type GoogleIdentity } from './socialProviders';

/** A stand-in for Google Identity Services: answers the prompt with `credential`, or skips it. */
function fakeGoogle(answer: { credential: string } | 'skipped') {
  const initialized: { client_id: string }[] = [];
  let callback: ((response: { credential?: string }) => void) | undefined;
  const google: GoogleIdentity = {
    accounts: {
      id: {
        initialize: (options) => {
          initialized.push({ client_id: options.client_id });
          callback = options.callback;
        },
        prompt: (listener) => {
          setTimeout(() => {
            if (answer === 'skipped') listener?.({ isNotDisplayed: () => false, isSkippedMoment: () => true });
            else callback?.({ credential: answer.credential });
          });
        },
      },
    },
  };
  return { google, initialized };
}

function fakeFacebook(accessToken: string | null) {
  const inits: { appId: string; version: string }[] = [];
  const fb: FacebookSdk = {
    init: (options) => { inits.push({ appId: options.appId, version: options.version }); },
    login: (callback) => {
      setTimeout(() => { callback(accessToken ? { status: 'connected', authResponse: { accessToken } } : { status: 'unknown', authResponse: null }); });
    },
  };
  return { fb, inits };
}

function scriptsNamed(src: string): HTMLScriptElement[] {
  return [...document.head.getElementsByTagName('script')].filter((s) => s.src === src);
}

afterEach(() => {
  delete window.__SOUK_CONFIG__;
  delete window.google;
  delete window.FB;
  for (const script of [...document.head.getElementsByTagName('script')]) script.remove();
  resetSocialScripts();
});

describe('social sign-in from the page configuration', () => {
  it('says a provider is not available without configuration, and loads nothing', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    renderApp('/fr/account/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuer avec Google' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Cette connexion n’est pas disponible pour le moment');
    expect(scriptsNamed(GOOGLE_SCRIPT)).toHaveLength(0);
  });

  it("loads Google Identity Services on click and signs in with its ID token", async () => {
    window.__SOUK_CONFIG__ = { googleClientId: 'client-123.apps.googleusercontent.com' };
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ loginWithGoogle: () => tokenPair(), getMyAccountInfo: () => accountInfo() }, calls));
    renderApp('/fr/account/signin');
    const button = await screen.findByRole('button', { name: 'Continuer avec Google' });
    expect(scriptsNamed(GOOGLE_SCRIPT)).toHaveLength(0);

    fireEvent.click(button);
    await waitFor(() => { expect(scriptsNamed(GOOGLE_SCRIPT)).toHaveLength(1); });
    const { google, initialized } = fakeGoogle({ credential: 'google-id-token' });
    act(() => {
      window.google = google;
      scriptsNamed(GOOGLE_SCRIPT)[0]?.dispatchEvent(new Event('load'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(initialized).toEqual([{ client_id: 'client-123.apps.googleusercontent.com' }]);
    expect(calls.find((c) => c.operationName === 'loginWithGoogle')?.variables).toEqual({ token: 'google-id-token' });
  });

  it('says the sign-in did not complete when Google skips its prompt, in Arabic', async () => {
    window.__SOUK_CONFIG__ = { googleClientId: 'client-123' };
    window.google = fakeGoogle('skipped').google;
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({}, calls));
    renderApp('/ar/account/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'المتابعة باستخدام Google' }));
    const region = screen.getByRole('region', { name: 'الإشعارات' });
    expect(await within(region).findByRole('status')).toHaveTextContent('لم يكتمل تسجيل الدخول. يمكنك المحاولة مجددًا أو استعمال رقم هاتفك.');
    expect(calls.some((c) => c.operationName === 'loginWithGoogle')).toBe(false);
    // Already loaded: no script added.
    expect(scriptsNamed(GOOGLE_SCRIPT)).toHaveLength(0);
  });

  it('says a provider is not available when its script cannot load', async () => {
    window.__SOUK_CONFIG__ = { googleClientId: 'client-123' };
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    renderApp('/fr/account/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuer avec Google' }));
    await waitFor(() => { expect(scriptsNamed(GOOGLE_SCRIPT)).toHaveLength(1); });
    act(() => {
      scriptsNamed(GOOGLE_SCRIPT)[0]?.dispatchEvent(new Event('error'));
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByRole('alert')).toHaveTextContent('Cette connexion n’est pas disponible pour le moment');
    expect(scriptsNamed(GOOGLE_SCRIPT)).toHaveLength(0);
  });

  it("signs in with the access token of Facebook's SDK login", async () => {
    window.__SOUK_CONFIG__ = { facebookAppId: '4242' };
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ loginByFacebook: () => tokenPair(), getMyAccountInfo: () => accountInfo() }, calls));
    renderApp('/fr/account/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuer avec Facebook' }));
    await waitFor(() => { expect(scriptsNamed(FACEBOOK_SCRIPT)).toHaveLength(1); });
    const { fb, inits } = fakeFacebook('fb-access-token');
    act(() => {
      window.FB = fb;
      scriptsNamed(FACEBOOK_SCRIPT)[0]?.dispatchEvent(new Event('load'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    expect(inits).toEqual([{ appId: '4242', version: 'v21.0' }]);
    expect(calls.find((c) => c.operationName === 'loginByFacebook')?.variables).toEqual({ token: 'fb-access-token' });
  });

  it('says the sign-in did not complete when the Facebook dialog is closed', async () => {
    window.__SOUK_CONFIG__ = { facebookAppId: '4242', facebookApiVersion: 'v20.0' };
    const { fb, inits } = fakeFacebook(null);
    window.FB = fb;
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({}, calls));
    renderApp('/fr/account/signin');
    fireEvent.click(await screen.findByRole('button', { name: 'Continuer avec Facebook' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByRole('status')).toHaveTextContent('La connexion n’a pas abouti.');
    expect(inits).toEqual([{ appId: '4242', version: 'v20.0' }]);
    expect(calls.some((c) => c.operationName === 'loginByFacebook')).toBe(false);
  });
});
