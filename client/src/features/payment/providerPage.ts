// Leaving the site for the card provider's hosted page (docs/payments.md "Methods": cc). One
// object, so that a test can watch the page being left instead of jsdom's navigation.

export const providerPage = {
  open(url: string): void {
    window.location.assign(url);
  },
};
