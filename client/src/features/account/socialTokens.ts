// Where the social sign-in buttons get the provider's token from. The server verifies a Google
// ID token (loginWithGoogle) or a Facebook token (loginByFacebook) against the provider's keys
// (services/src/accounts/social.rs). A source registered with setSocialTokenSource wins (tests,
// or a deployment with its own flow); otherwise the page's configuration decides
// (socialProviders.ts: `window.__SOUK_CONFIG__.googleClientId` / `facebookAppId` load the
// provider's script on click). With neither, the buttons say the provider is unavailable, as in
// development.

import { facebookAccessToken, googleIdToken, soukConfig } from './socialProviders';

export type SocialProvider = 'google' | 'facebook';

export type SocialTokenSource = () => Promise<string>;

const sources = new Map<SocialProvider, SocialTokenSource>();

export class SocialUnavailableError extends Error {
  constructor(provider: SocialProvider) {
    super(`no ${provider} sign-in configured`);
    this.name = 'SocialUnavailableError';
  }
}

export function setSocialTokenSource(provider: SocialProvider, source: SocialTokenSource | undefined): void {
  if (source) sources.set(provider, source);
  else sources.delete(provider);
}

/** The source the page's configuration gives a provider, if any. */
function configuredSource(provider: SocialProvider): SocialTokenSource | undefined {
  const config = soukConfig();
  if (provider === 'google' && config.googleClientId) {
    const clientId = config.googleClientId;
    return () => googleIdToken(clientId);
  }
  if (provider === 'facebook' && config.facebookAppId) {
    const appId = config.facebookAppId;
    return () => facebookAccessToken(appId, config.facebookApiVersion);
  }
  return undefined;
}

/** The provider's token for the person, or SocialUnavailableError when none is configured. */
export function obtainSocialToken(provider: SocialProvider): Promise<string> {
  const source = sources.get(provider) ?? configuredSource(provider);
  return source ? source() : Promise.reject(new SocialUnavailableError(provider));
}
