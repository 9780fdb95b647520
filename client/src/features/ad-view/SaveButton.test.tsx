// The ad view's save button when the server does not confirm (spec §8 "Save/unsave:
// adNotFound, sessionExpired, internalError"), in French and Arabic: each error says so in the
// operation's wording and leaves the button as it was; an answer other than 201/204 is the
// internal error; an ended session opens the login wall and saves once signed in again, or
// at once when the session keeper renews the session.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { listAd, publicAd } from '../../../test/adFixtures';
import { gateway, graphqlError, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';
import { storeTokens } from '../auth/session';

const TEXT = {
  fr: {
    save: 'Sauvegarder',
    saved: 'Sauvegardée',
    done: 'Annonce sauvegardée',
    wall: 'Connectez-vous pour continuer',
    phone: 'Numéro de téléphone',
    password: 'Mot de passe',
    signIn: 'Se connecter',
    saveAd: {
      adNotFound: "Cette annonce n'existe pas ou n'est plus disponible",
      sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter',
      internalError: "L'annonce n'a pas pu être sauvegardée. Veuillez réessayer plus tard",
    },
    unsaveAd: {
      adNotFound: "Cette annonce n'existe pas ou n'est plus disponible",
      sessionExpired: 'Votre session a expiré. Veuillez vous reconnecter',
      internalError: "L'annonce n'a pas pu être retirée des favoris. Veuillez réessayer plus tard",
    },
  },
  ar: {
    save: 'حفظ',
    saved: 'محفوظ',
    done: 'تم حفظ الإعلان',
    wall: 'سجّل الدخول للمتابعة',
    phone: 'رقم الهاتف',
    password: 'كلمة المرور',
    signIn: 'تسجيل الدخول',
    saveAd: {
      adNotFound: 'هذا الإعلان غير موجود أو لم يعد متاحًا',
      sessionExpired: 'انتهت صلاحية جلستك. يرجى تسجيل الدخول من جديد',
      internalError: 'تعذر حفظ الإعلان. يرجى المحاولة لاحقًا',
    },
    unsaveAd: {
      adNotFound: 'هذا الإعلان غير موجود أو لم يعد متاحًا',
      sessionExpired: 'انتهت صلاحية جلستك. يرجى تسجيل الدخول من جديد',
      internalError: 'تعذرت إزالة الإعلان من المفضلة. يرجى المحاولة لاحقًا',
    },
  },
} as const;

const LANGUAGES = ['fr', 'ar'] as const;

/** The server's refusals (http/src/graphql/ads.rs saved_error): code and message key. */
const REFUSALS = {
  adNotFound: (op: string) => graphqlError('AD_NOT_FOUND', `${op}.error.adNotFound`, 'wording'),
  internalError: (op: string) => graphqlError('INTERNAL_ERROR', `${op}.error.internalError`, 'wording'),
} as const;

function adView(extra: Record<string, (call: GatewayCall) => unknown>, savedByMe: boolean, calls: GatewayCall[] = []) {
  return gateway(
    {
      getAd: () => publicAd({}, false, savedByMe),
      getRelatedAds: () => [listAd({ listId: 10000002 })],
      getPremiumAds: () => [],
      getMySavedAds: () => ({ ads: [], count: 0 }),
      ...extra,
    },
    calls,
  );
}

function signInWithoutRenewal() {
  document.cookie = `souk_token=${tokenPair().accessToken}; Path=/`;
}

describe.each(LANGUAGES)('saving from the ad view (%s)', (language) => {
  const t = TEXT[language];

  it.each(['adNotFound', 'internalError'] as const)('says %s and stays unsaved', async (error) => {
    signInWithoutRenewal();
    jest.spyOn(globalThis, 'fetch').mockImplementation(adView({ saveAd: () => REFUSALS[error]('saveAd') }, false));
    renderApp(`/${language}/vi/10000001.htm`);
    fireEvent.click(await screen.findByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saveAd[error])).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.save })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByText(t.done)).not.toBeInTheDocument();
  });

  it('takes an answer other than 201 for an internal error', async () => {
    signInWithoutRenewal();
    jest.spyOn(globalThis, 'fetch').mockImplementation(adView({ saveAd: () => ({ code: 200 }) }, false));
    renderApp(`/${language}/vi/10000001.htm`);
    fireEvent.click(await screen.findByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saveAd.internalError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.save })).toHaveAttribute('aria-pressed', 'false');
  });

  it.each(['adNotFound', 'internalError'] as const)('says %s on unsave and stays saved', async (error) => {
    signInWithoutRenewal();
    jest.spyOn(globalThis, 'fetch').mockImplementation(adView({ unsaveAd: () => REFUSALS[error]('unsaveAd') }, true));
    renderApp(`/${language}/vi/10000001.htm`);
    fireEvent.click(await screen.findByRole('button', { name: t.saved }));
    expect(await screen.findByText(t.unsaveAd[error])).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.saved })).toHaveAttribute('aria-pressed', 'true');
  });

  it('takes an answer other than 204 for an internal error on unsave', async () => {
    signInWithoutRenewal();
    jest.spyOn(globalThis, 'fetch').mockImplementation(adView({ unsaveAd: () => ({ code: 201 }) }, true));
    renderApp(`/${language}/vi/10000001.htm`);
    fireEvent.click(await screen.findByRole('button', { name: t.saved }));
    expect(await screen.findByText(t.unsaveAd.internalError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: t.saved })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says the session expired, asks to sign in again, then saves', async () => {
    signInWithoutRenewal();
    const fresh = tokenPair({ accountId: 43 });
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      adView(
        {
          loginByIdentifier: () => fresh,
          saveAd: ({ headers }) =>
            headers.get('Authorization') === `Bearer ${fresh.accessToken}`
              ? { code: 201 }
              : graphqlError('SESSION_EXPIRED', 'saveAd.error.sessionExpired', 'wording'),
        },
        false,
        calls,
      ),
    );
    renderApp(`/${language}/vi/10000001.htm`);
    fireEvent.click(await screen.findByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saveAd.sessionExpired)).toBeInTheDocument();
    const wall = await screen.findByRole('dialog', { name: t.wall });
    expect(screen.getByRole('button', { name: t.save })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.change(within(wall).getByLabelText(t.phone), { target: { value: '0612345678' } });
    fireEvent.change(within(wall).getByLabelText(t.password), { target: { value: 'souk-demo-2026' } });
    fireEvent.click(within(wall).getByRole('button', { name: t.signIn }));

    expect(await screen.findByRole('button', { name: t.saved })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'saveAd')).toHaveLength(2);
  });

  it('saves once the session keeper has renewed an ended session', async () => {
    storeTokens(tokenPair());
    const renewed = tokenPair({ accountId: 43 });
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      adView(
        {
          refreshAccessToken: () => renewed,
          saveAd: ({ headers }) =>
            headers.get('Authorization') === `Bearer ${renewed.accessToken}`
              ? { code: 201 }
              : graphqlError('SESSION_EXPIRED', 'saveAd.error.sessionExpired', 'wording'),
        },
        false,
        calls,
      ),
    );
    renderApp(`/${language}/vi/10000001.htm`);
    fireEvent.click(await screen.findByRole('button', { name: t.save }));
    expect(await screen.findByText(t.saveAd.sessionExpired)).toBeInTheDocument();

    expect(await screen.findByRole('button', { name: t.saved })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls.filter((c) => c.operationName === 'saveAd')).toHaveLength(2);
    expect(calls.filter((c) => c.operationName === 'refreshAccessToken')).toHaveLength(1);
  });

  it('asks for a real sign-in when the renewed session is refused too', async () => {
    storeTokens(tokenPair());
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      adView(
        {
          refreshAccessToken: () => tokenPair({ accountId: 43 }),
          saveAd: () => graphqlError('SESSION_EXPIRED', 'saveAd.error.sessionExpired', 'wording'),
        },
        false,
        calls,
      ),
    );
    renderApp(`/${language}/vi/10000001.htm`);
    fireEvent.click(await screen.findByRole('button', { name: t.save }));
    // Refused, renewed, refused again: signed out, with the wall asking for a sign-in.
    await waitFor(() => {
      expect(calls.filter((c) => c.operationName === 'saveAd')).toHaveLength(2);
    });
    expect(await screen.findByRole('dialog', { name: t.wall })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: t.signIn })).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'refreshAccessToken')).toHaveLength(1);
    expect(screen.getByRole('button', { name: t.save })).toHaveAttribute('aria-pressed', 'false');
  });
});
