// The ad view: loading, not found, error and retry, the ad in French and Arabic (gallery,
// labels, parameters, map, seller), show number, save behind the login wall (the button
// changes only on 201/204; its failures are SaveButton.test.tsx's), copy link and report
// abuse; one view reported per ad shown; the availability calendar of a vacation rental (and
// none for other ads); the owner's way to boost the ad (and nobody else's).

import { act, fireEvent, screen, within } from '@testing-library/react';
import { accessTokenFor, gateway, graphqlError, internalErrorResponse, pending, tokenPair, type GatewayCall } from '../../../test/fixtures';
import { listAd, publicAd } from '../../../test/adFixtures';
import { renderApp } from '../../../test/renderApp';
import { labelOf, today } from '../availability/days';

function mockFetch() {
  return jest.spyOn(globalThis, 'fetch');
}

const RESOLVERS = {
  getAd: ({ variables }: GatewayCall) =>
    variables.listId === 10000001
      ? publicAd({ urgent: true, hotdeal: true, discount: 20, delivery: true })
      : graphqlError('AD_NOT_FOUND', 'ad.error.notFound', "Cette annonce n'existe pas"),
  getRelatedAds: () => [listAd({ listId: 10000002, title: 'Renault Clio 2016' })],
  getPremiumAds: () => [listAd({ listId: 10000003, title: 'Villa à Agadir' })],
};

describe('ad view', () => {
  it('shows a loader while the ad loads', async () => {
    mockFetch().mockImplementation(pending);
    renderApp('/vi/10000001.htm');
    expect(await screen.findByRole('status', { name: "Chargement de l'annonce…" })).toBeInTheDocument();
  });

  it('shows the not-found state for an unknown ad and for a malformed id', async () => {
    mockFetch().mockImplementation(gateway(RESOLVERS));
    const { unmount } = renderApp('/vi/42.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonce introuvable' })).toBeInTheDocument();
    unmount();
    renderApp('/vi/abc.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonce introuvable' })).toBeInTheDocument();
  });

  it('reports one view of the ad shown, and none for an ad not found', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, collectPerformanceEvent: () => true }, calls));
    const { unmount } = renderApp('/vi/10000001.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    const views = calls.filter((c) => c.operationName === 'collectPerformanceEvent');
    expect(views.map((c) => c.variables)).toEqual([{ event: { name: 'view', listId: 10000001 } }]);
    unmount();

    renderApp('/vi/42.htm');
    await screen.findByRole('heading', { level: 1, name: 'Annonce introuvable' });
    expect(calls.filter((c) => c.operationName === 'collectPerformanceEvent')).toHaveLength(1);
  });

  it('shows the error and loads again on retry', async () => {
    let failures = 1;
    mockFetch().mockImplementation(
      gateway({
        ...RESOLVERS,
        getAd: (call) => {
          if (failures-- > 0) return internalErrorResponse();
          return RESOLVERS.getAd(call);
        },
      }),
    );
    renderApp('/vi/10000001.htm');
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
  });

  it('shows the ad with its gallery, labels, parameters, map, seller and suggestions', async () => {
    mockFetch().mockImplementation(gateway(RESOLVERS));
    renderApp('/casablanca/voitures/dacia-logan-2018_10000001.htm');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
    expect(screen.getByText('85 000 DH')).toBeInTheDocument();
    const labels = screen.getByRole('list', { name: 'Étiquettes' });
    expect(within(labels).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Urgent',
      'Bonne affaire -20 %',
      'Livraison',
    ]);
    expect(screen.getByText('Kilométrage').nextSibling).toHaveTextContent('98000 km');
    expect(screen.getByText('Première main').nextSibling).toHaveTextContent('Oui');
    // A choice shows its label, not its key.
    expect(screen.getByText('Carburant').nextSibling).toHaveTextContent('Diesel');
    expect(screen.getByRole('img', { name: 'Carte du Maroc situant Maarif, Casablanca' })).toBeInTheDocument();
    const seller = screen.getByRole('region', { name: 'Vendeur' });
    expect(seller).toHaveTextContent('Auto Maarif');
    expect(seller).toHaveTextContent('Boutique');
    expect(seller).toHaveTextContent('Vendeur vérifié');
    expect(screen.getByRole('button', { name: 'Contacter le vendeur' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Renault Clio 2016' })).toHaveAttribute('href', '/fr/vi/10000002.htm');
    expect(screen.getByRole('link', { name: 'Villa à Agadir' })).toBeInTheDocument();

    const gallery = screen.getByRole('region', { name: "Photos de l'annonce" });
    expect(within(gallery).getByRole('img', { name: 'Dacia Logan 2018 diesel, photo 1 sur 2' })).toHaveAttribute('src', '/l1.jpg');
    fireEvent.click(within(gallery).getByRole('button', { name: 'Voir la photo 2' }));
    expect(within(gallery).getByRole('img', { name: 'Dacia Logan 2018 diesel, photo 2 sur 2' })).toHaveAttribute('src', '/l2.jpg');
    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(within(gallery).getByRole('img', { name: 'Dacia Logan 2018 diesel, photo 1 sur 2' })).toBeInTheDocument();
  });

  it('shows the ad in Arabic, right to left', async () => {
    mockFetch().mockImplementation(gateway(RESOLVERS));
    renderApp('/ar/vi/10000001.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('button', { name: 'إظهار الرقم' })).toBeInTheDocument();
    const gallery = screen.getByRole('region', { name: 'صور الإعلان' });
    fireEvent.keyDown(gallery, { key: 'ArrowLeft' });
    expect(within(gallery).getByRole('img', { name: 'Dacia Logan 2018 diesel، الصورة 2 من 2' })).toBeInTheDocument();
  });

  it('keeps mixed-direction text in order in Arabic: place, parameter units, the map caption', async () => {
    mockFetch().mockImplementation(
      gateway({
        ...RESOLVERS,
        getAd: () => ({
          ...publicAd({
            area: { id: 101, name: 'المعاريف' },
            city: { id: 1, name: 'الدار البيضاء' },
            params: [{ key: 'storage', label: 'سعة التخزين', kind: 'number', value: '128', valueLabel: '128', unit: 'Go' }],
          }),
        }),
      }),
    );
    renderApp('/ar/vi/10000001.htm');
    await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' });
    // The area and its city joined with the Arabic comma, not a Latin one.
    expect(screen.getByRole('img', { name: 'خريطة المغرب تحدد موقع المعاريف، الدار البيضاء' })).toBeInTheDocument();
    // "128 Go" is isolated, so the Latin unit does not jump in front of the number.
    const storage = screen.getByText('128 Go');
    expect(storage.tagName).toBe('BDI');
    // The map names the place, never its raw coordinates.
    expect(screen.getByText(/موقع تقريبي للمدينة/)).toHaveTextContent('المعاريف، الدار البيضاء: موقع تقريبي للمدينة.', { normalizeWhitespace: false });
  });

  it('shows the booked nights of a vacation rental, read-only', async () => {
    const start = today();
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway(
        {
          ...RESOLVERS,
          getAd: ({ variables }: GatewayCall) =>
            variables.listId === 10000009
              ? publicAd({ listId: 10000009, title: 'Riad avec piscine', type: { key: 'vacation_rent', name: 'Location de vacances' } })
              : publicAd(),
          getAdAvailability: () => [{ from: labelOf(start), to: labelOf(start) }],
        },
        calls,
      ),
    );
    renderApp('/vi/10000009.htm');
    const calendar = await screen.findByRole('region', { name: 'Disponibilités' });
    const night = new Intl.DateTimeFormat('fr-MA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(start * 86_400_000);
    expect(await within(calendar).findByRole('img', { name: `${night}, réservé` })).toBeInTheDocument();
    expect(within(calendar).queryByRole('button', { name: /réservé|libre/ })).not.toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'getAdAvailability')?.variables).toEqual({ listId: 10000009 });
  });

  it('has no calendar for an ad that is not a vacation rental', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway(RESOLVERS, calls));
    renderApp('/vi/10000001.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Disponibilités' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'getAdAvailability')).toBe(false);
  });

  it('shows the number on demand, or says the seller hides it', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, showAdPhone: () => '0612345678' }, calls));
    const { unmount } = renderApp('/vi/10000001.htm');
    fireEvent.click(await screen.findByRole('button', { name: 'Afficher le numéro' }));
    expect(await screen.findByRole('link', { name: '0612345678' })).toHaveAttribute('href', 'tel:0612345678');
    expect(calls.find((c) => c.operationName === 'showAdPhone')?.variables).toEqual({ listId: 10000001 });
    unmount();

    mockFetch().mockImplementation(gateway({ ...RESOLVERS, getAd: () => publicAd({}, true) }));
    renderApp('/vi/10000001.htm');
    expect(await screen.findByText('Le vendeur préfère être contacté par message')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Afficher le numéro' })).not.toBeInTheDocument();
  });

  it('asks a visitor to sign in before saving, then saves', async () => {
    const calls: GatewayCall[] = [];
    mockFetch().mockImplementation(
      gateway(
        {
          ...RESOLVERS,
          loginByIdentifier: () => tokenPair(),
          getMySavedAds: () => ({ ads: [], count: 0 }),
          saveAd: () => ({ code: 201 }),
          unsaveAd: () => ({ code: 204 }),
        },
        calls,
      ),
    );
    renderApp('/vi/10000001.htm');
    fireEvent.click(await screen.findByRole('button', { name: 'Sauvegarder' }));
    const wall = await screen.findByRole('dialog');
    fireEvent.change(within(wall).getByLabelText('Numéro de téléphone'), { target: { value: '0612345678' } });
    fireEvent.change(within(wall).getByLabelText('Mot de passe'), { target: { value: 'secret-pass-1' } });
    fireEvent.click(within(wall).getByRole('button', { name: 'Se connecter' }));

    const saved = await screen.findByRole('button', { name: 'Sauvegardée' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((c) => c.operationName === 'saveAd')?.variables).toEqual({ input: { listId: 10000001 } });

    fireEvent.click(saved);
    expect(await screen.findByRole('button', { name: 'Sauvegarder' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows an ad the signed-in viewer saved as saved', async () => {
    document.cookie = `souk_token=${tokenPair().accessToken}; Path=/`;
    mockFetch().mockImplementation(gateway({ ...RESOLVERS, getAd: () => publicAd({}, false, true) }));
    renderApp('/vi/10000001.htm');
    expect(await screen.findByRole('button', { name: 'Sauvegardée' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('copies the link', async () => {
    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockFetch().mockImplementation(gateway(RESOLVERS));
    renderApp('/vi/10000001.htm');
    fireEvent.click(await screen.findByRole('button', { name: 'Copier le lien' }));
    expect(await screen.findByText('Lien copié')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith('http://localhost/fr/vi/10000001.htm');
  });

  describe('share', () => {
    const url = 'http://localhost/fr/vi/10000001.htm';
    let writeText: jest.Mock;
    beforeEach(() => {
      writeText = jest.fn(() => Promise.resolve());
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    });
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'share');
    });

    function withShareSheet(share: (data: ShareData) => Promise<void>) {
      const spy = jest.fn(share);
      Object.defineProperty(navigator, 'share', { value: spy, configurable: true, writable: true });
      return spy;
    }

    it("opens the system share sheet with the ad's link and title, copying nothing", async () => {
      const share = withShareSheet(() => Promise.resolve());
      mockFetch().mockImplementation(gateway(RESOLVERS));
      renderApp('/vi/10000001.htm');
      fireEvent.click(await screen.findByRole('button', { name: 'Partager' }));
      expect(share).toHaveBeenCalledWith({ url, title: 'Dacia Logan 2018 diesel' });
      await act(async () => {
        await Promise.resolve();
      });
      expect(writeText).not.toHaveBeenCalled();
      expect(within(screen.getByRole('region', { name: 'Notifications' })).queryByText('Lien copié')).not.toBeInTheDocument();
    });

    it('does nothing more when the person closes the sheet', async () => {
      const share = withShareSheet(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
      mockFetch().mockImplementation(gateway(RESOLVERS));
      renderApp('/ar/vi/10000001.htm');
      fireEvent.click(await screen.findByRole('button', { name: 'مشاركة' }));
      expect(share).toHaveBeenCalledWith({ url: 'http://localhost/ar/vi/10000001.htm', title: 'Dacia Logan 2018 diesel' });
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      expect(writeText).not.toHaveBeenCalled();
      expect(within(screen.getByRole('region', { name: 'الإشعارات' })).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('copies the link when the sheet fails otherwise', async () => {
      withShareSheet(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
      mockFetch().mockImplementation(gateway(RESOLVERS));
      renderApp('/vi/10000001.htm');
      fireEvent.click(await screen.findByRole('button', { name: 'Partager' }));
      expect(await screen.findByText('Lien copié')).toBeInTheDocument();
      expect(writeText).toHaveBeenCalledWith(url);
    });

    it('copies the link where the browser has no share sheet', async () => {
      mockFetch().mockImplementation(gateway(RESOLVERS));
      renderApp('/vi/10000001.htm');
      fireEvent.click(await screen.findByRole('button', { name: 'Partager' }));
      expect(await screen.findByText('Lien copié')).toBeInTheDocument();
      expect(writeText).toHaveBeenCalledWith(url);
    });
  });

  it('reports abuse as a visitor with an e-mail, and says when it was already reported', async () => {
    const calls: GatewayCall[] = [];
    let reported = true;
    mockFetch().mockImplementation(
      gateway(
        {
          ...RESOLVERS,
          submitReportAd: () => {
            const answer = { reported };
            reported = false;
            return answer;
          },
        },
        calls,
      ),
    );
    renderApp('/vi/10000001.htm');
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler un abus' }));
    const dialog = screen.getByRole('dialog', { name: 'Signaler cette annonce' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(7);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choisissez un motif');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Faux numéro' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Saisissez une adresse e-mail valide');
    fireEvent.change(within(dialog).getByLabelText('Votre e-mail'), { target: { value: 'amina@example.ma' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Envoyer le signalement' }));
    expect(await within(dialog).findByText('Merci, votre signalement a été envoyé')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'submitReportAd')?.variables).toEqual({
      listId: 10000001,
      type: 'fake_number',
      from: 'amina@example.ma',
      body: '',
    });
    act(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("offers its owner the ad's boost, and no one else", async () => {
    mockFetch().mockImplementation(gateway(RESOLVERS));
    const { unmount } = renderApp('/fr/vi/10000001.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018 diesel' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Booster cette annonce' })).not.toBeInTheDocument();
    unmount();

    document.cookie = `souk_token=${accessTokenFor({ accountId: 7 })}; Path=/`;
    renderApp('/ar/vi/10000001.htm');
    const owner = await screen.findByRole('region', { name: 'إعلانك' });
    expect(within(owner).getByRole('link', { name: 'عزّز هذا الإعلان' }).getAttribute('href')).toMatch(/^\/ar\/checkout\/boost\?ad=/);
  });
});
