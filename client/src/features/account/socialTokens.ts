// Where the social sign-in buttons get the provider's ID token from. The server verifies a
// Google ID token (loginWithGoogle) or a Facebook Limited Login token (loginByFacebook) against
// the provider's keys (services/src/accounts/social.rs); obtaining one needs the provider's
// own sign-in SDK and a client id registered with the provider. No provider is configured in
// development and the server has no development flow for social tokens, so by default there
// is no source and the buttons say the provider is unavailable. A deployment (or a test)
// registers a source per provider with setSocialTokenSource.

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

/** The provider's ID token for the person, or SocialUnavailableError when none is configured. */
export function obtainSocialToken(provider: SocialProvider): Promise<string> {
  const source = sources.get(provider);
  return source ? source() : Promise.reject(new SocialUnavailableError(provider));
}
