// The real token sources of the social buttons, from the page's configuration: a deployment
// names its provider ids in the HTML shell with `window.__SOUK_CONFIG__ = { googleClientId,
// facebookAppId }` (docs/decisions.md "Social sign-in in the browser"); without them the
// buttons say the provider is not available. The provider's script is loaded on the first
// click, never before, and set up (initialize, FB.init) once, right after it has loaded.
//
// - Google: Google Identity Services (accounts.google.com/gsi/client); its credential is the
//   OpenID Connect ID token that loginWithGoogle verifies.
// - Facebook: the JavaScript SDK (connect.facebook.net); FB.login answers an access token.

interface SoukConfig {
  googleClientId?: string;
  facebookAppId?: string;
  /** Graph API version for FB.init; a default when absent. */
  facebookApiVersion?: string;
}

interface GoogleMoment {
  isNotDisplayed?: () => boolean;
  isSkippedMoment?: () => boolean;
  isDismissedMoment?: () => boolean;
  getDismissedReason?: () => string;
}

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize: (options: { client_id: string; callback: (response: { credential?: string }) => void; use_fedcm_for_prompt?: boolean }) => void;
      prompt: (listener?: (moment: GoogleMoment) => void) => void;
    };
  };
}

export interface FacebookSdk {
  init: (options: { appId: string; version: string; xfbml?: boolean; cookie?: boolean }) => void;
  login: (callback: (response: { authResponse?: { accessToken?: string } | null; status?: string }) => void, options?: { scope: string }) => void;
}

declare global {
  interface Window {
    __SOUK_CONFIG__?: SoukConfig;
    google?: GoogleIdentity;
    FB?: FacebookSdk;
  }
}

export const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_SCRIPT = 'https://connect.facebook.net/en_US/sdk.js';
const FACEBOOK_DEFAULT_VERSION = 'v21.0';

/** The person closed or skipped the provider's dialog, or it could not be shown. */
export class SocialCancelledError extends Error {
  constructor(provider: string) {
    super(`${provider} sign-in did not complete`);
    this.name = 'SocialCancelledError';
  }
}

/** The provider's script could not be loaded (offline, blocked). */
export class SocialScriptError extends Error {
  constructor(src: string) {
    super(`could not load ${src}`);
    this.name = 'SocialScriptError';
  }
}

export function soukConfig(): SoukConfig {
  return window.__SOUK_CONFIG__ ?? {};
}

const loading = new Map<string, Promise<void>>();
/** Each provider's SDK once loaded and set up, by script; a failed set-up is forgotten. */
const setUp = new Map<string, Promise<unknown>>();

/** Adds the script once; resolves when it has run (at once when `ready` says it already has). */
function loadScript(src: string, ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve();
  const pending =
    loading.get(src) ??
    new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.addEventListener('load', () => { resolve(); });
      script.addEventListener('error', () => {
        loading.delete(src);
        script.remove();
        reject(new SocialScriptError(src));
      });
      document.head.appendChild(script);
    });
  loading.set(src, pending);
  return pending;
}

/**
 * The provider's SDK (`sdk()`, once its script has run), set up with `init` the first time only;
 * later calls get the same SDK. A failure (script not loaded, SDK missing) is forgotten so that
 * the next click tries again. The page's configuration does not change, so `src` is the key.
 */
function loadOnce<T>(src: string, sdk: () => T | undefined, init: (sdk: T) => void): Promise<T> {
  const known = setUp.get(src) as Promise<T> | undefined;
  if (known) return known;
  const pending = loadScript(src, () => sdk() !== undefined).then(() => {
    const loaded = sdk();
    if (loaded === undefined) throw new SocialScriptError(src);
    init(loaded);
    return loaded;
  });
  setUp.set(src, pending);
  pending.catch(() => {
    if (setUp.get(src) === pending) setUp.delete(src);
  });
  return pending;
}

/** The click waiting for Google's credential: initialize's callback, given once, answers it. */
let googleAnswer: ((response: { credential?: string }) => void) | undefined;

/** Google's ID token for the person, through Google Identity Services' prompt. */
export async function googleIdToken(clientId: string): Promise<string> {
  const id = await loadOnce(
    GOOGLE_SCRIPT,
    () => window.google?.accounts.id,
    (loaded) => {
      loaded.initialize({
        client_id: clientId,
        use_fedcm_for_prompt: true,
        callback: (response) => {
          googleAnswer?.(response);
        },
      });
    },
  );
  return new Promise<string>((resolve, reject) => {
    googleAnswer = (response) => {
      if (response.credential) resolve(response.credential);
      else reject(new SocialCancelledError('google'));
    };
    id.prompt((moment) => {
      if (moment.isNotDisplayed?.() || moment.isSkippedMoment?.() || (moment.isDismissedMoment?.() && moment.getDismissedReason?.() !== 'credential_returned')) {
        reject(new SocialCancelledError('google'));
      }
    });
  });
}

/** Facebook's access token for the person, through the JavaScript SDK's login dialog. */
export async function facebookAccessToken(appId: string, version = FACEBOOK_DEFAULT_VERSION): Promise<string> {
  const fb = await loadOnce(
    FACEBOOK_SCRIPT,
    () => window.FB,
    (loaded) => {
      loaded.init({ appId, version, xfbml: false, cookie: false });
    },
  );
  return new Promise<string>((resolve, reject) => {
    fb.login(
      (response) => {
        const token = response.authResponse?.accessToken;
        if (token) resolve(token);
        else reject(new SocialCancelledError('facebook'));
      },
      { scope: 'public_profile,email' },
    );
  });
}

/** Forgets the scripts being loaded and the SDKs set up (tests). */
export function resetSocialScripts(): void {
  loading.clear();
  setUp.clear();
  googleAnswer = undefined;
}
