// The moderation desk as an admin uses it (docs/moderation.md): who may open it (a visitor is
// sent to sign in, a user or an acting admin is told it is forbidden), the queue oldest first
// with the late marker past 60 minutes and the flags, the full ad, approve and refuse (the
// reason required, the note only for "other") with the calls the server gets, the keyboard
// shortcuts (never from a field or an open dialog), the live arrival and departure of ads over
// the socket, the abuse reports grouped per ad, both lists paged past 50 with the server's count,
// closing an ad's reports with a reason, the way back from an ad's page to the reports, and
// acting as a seller — in French and Arabic.

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accessTokenFor, FakeRealtime, gateway, type GatewayCall } from '../../../test/fixtures';
import { detailAd, listAd, publicAd } from '../../../test/adFixtures';
import { renderApp } from '../../../test/renderApp';
import { viewport } from '../../../test/sellerFixtures';
import type { AbuseReport, QueueItem, ReportedAdGroup } from './moderationApi';

function signInAs(claims: Parameters<typeof accessTokenFor>[0]): void {
  document.cookie = `souk_token=${accessTokenFor(claims)}; Path=/`;
}

const signInAdmin = () => {
  signInAs({ accountId: 1, name: 'Nadia Admin', roles: ['ROLE_ADMIN'] });
};

function item(listId: number, title: string, ageSeconds: number, overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    kind: 'new',
    submittedAt: new Date(Date.now() - ageSeconds * 1000).toISOString(),
    ageSeconds,
    overdue: ageSeconds > 3600,
    flags: [],
    ad: detailAd({ listId, title, status: 'pending_review' }),
    seller: { accountId: 70 + listId, name: 'Youssef Alami', type: 'private', isVerifiedSeller: false, memberSince: '2025-03-01T10:00:00Z' },
    pendingEdit: null,
    ...overrides,
  };
}

/** One page of a list as the server answers it. */
function page<T>(all: T[], variables: Record<string, unknown>): { items: T[]; total: number } {
  const size = Number(variables.size ?? 50);
  const from = (Number(variables.page ?? 1) - 1) * size;
  return { items: all.slice(from, from + size), total: all.length };
}

/** The open reports grouped per ad as the server does: the most reported first, then the longest waiting. */
function reportedAds(reports: AbuseReport[]): ReportedAdGroup[] {
  const byAd = new Map<number, AbuseReport[]>();
  for (const r of [...reports].sort((a, b) => a.createdAt.localeCompare(b.createdAt))) byAd.set(r.listId, [...(byAd.get(r.listId) ?? []), r]);
  return [...byAd.entries()]
    .map(([listId, list]) => ({
      listId,
      count: list.length,
      firstAt: list[0]?.createdAt ?? '',
      lastAt: list[list.length - 1]?.createdAt ?? '',
      reports: list.map(({ listId: id, type, body, createdAt }) => ({ listId: id, type, body, createdAt })),
      ad: list[0]?.ad ?? null,
      seller: list[0]?.seller ?? null,
    }))
    .sort((a, b) => b.count - a.count || a.firstAt.localeCompare(b.firstAt));
}

/** A gateway whose queue and reports the test changes between calls, recording every call. */
function deskGateway(state: { items: QueueItem[]; reports?: AbuseReport[] }, calls: GatewayCall[] = []) {
  return gateway(
    {
      getModerationQueue: ({ variables }) => page(state.items, variables),
      getReportedAds: ({ variables }) => page(reportedAds(state.reports ?? []), variables),
      dismissReportAd: ({ variables }) => {
        const before = (state.reports ?? []).length;
        state.reports = (state.reports ?? []).filter((r) => r.listId !== variables.listId);
        return { listId: variables.listId, closed: before - state.reports.length };
      },
      moderateAd: ({ variables }) => {
        const adId = String(variables.adId);
        const decided = state.items.find((i) => i.ad.adId === adId);
        state.items = state.items.filter((i) => i.ad.adId !== adId);
        return { adId, listId: decided?.ad.listId ?? 0, status: variables.decision === 'APPROVE' ? 'active' : 'refused' };
      },
      actAsUser: () => ({ accessToken: accessTokenFor({ accountId: 71, name: 'Youssef Alami', act: 1 }), refreshToken: 'r2', expiresIn: 900, tokenType: 'Bearer' }),
      getCurrentUser: () => null,
    },
    calls,
  );
}

function queueRows(name = /annonces? en attente/): HTMLElement[] {
  const queue = screen.getByRole('region', { name });
  return within(queue).getAllByRole('button').filter((b) => b.classList.contains('admin-item'));
}

function current(): HTMLElement {
  const found = queueRows().find((row) => row.getAttribute('aria-current') === 'true');
  if (!found) throw new Error('no current ad');
  return found;
}

beforeEach(() => {
  viewport('desktop');
});

afterEach(() => {
  document.cookie = 'souk_token=; Max-Age=0; Path=/';
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('who may open the desk', () => {
  it('sends a visitor to sign in, and back to the desk afterwards', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items: [] }));
    const app = renderApp('/fr/admin/moderation');
    await waitFor(() => {
      expect(app.pathname()).toBe('/fr/account/signin');
    });
    expect(app.search()).toBe(`?next=${encodeURIComponent('/fr/admin/moderation')}`);
  });

  it('tells a signed-in user, and an admin acting as a user, that the page is forbidden, and asks the server nothing', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items: [item(1, 'Canapé', 60)] }, calls));
    signInAs({ accountId: 42 });
    const app = renderApp('/fr/admin/moderation');
    expect(await screen.findByRole('heading', { name: 'Cette page est réservée aux modérateurs' })).toBeInTheDocument();
    app.unmount();
    signInAs({ accountId: 71, roles: ['ROLE_ADMIN'], act: 1 });
    renderApp('/ar/admin/reports');
    expect(await screen.findByRole('heading', { name: 'هذه الصفحة مخصصة للمشرفين' })).toBeInTheDocument();
    expect(calls.map((c) => c.operationName).filter((op) => op === 'getModerationQueue' || op === 'getReportedAds')).toEqual([]);
  });

  it('opens /admin on the desk, and offers admins the link in the header', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items: [] }));
    signInAdmin();
    const app = renderApp('/fr/admin');
    await waitFor(() => {
      expect(app.pathname()).toBe('/fr/admin/moderation');
    });
    expect(screen.getByRole('link', { name: 'Modération' })).toHaveAttribute('href', '/fr/admin/moderation');
    expect(await screen.findByText('Aucune annonce en attente')).toBeInTheDocument();
  });
});

describe('the queue', () => {
  it('lists the ads oldest first, marks those past 60 minutes late, and shows the oldest in full', async () => {
    signInAdmin();
    const state = {
      items: [
        item(3, 'Table basse en chêne', 600),
        item(1, 'Canapé d’angle 128 000', 4_500, { flags: ['no_photo'] }),
        item(2, 'Vélo de route', 3_000, { kind: 'appeal', flags: ['appeal: Les photos sont les miennes'] }),
      ],
    };
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway(state));
    renderApp('/fr/admin/moderation');
    expect(await screen.findByRole('heading', { name: '3 annonces en attente' })).toBeInTheDocument();
    const rows = queueRows();
    expect(rows.map((row) => row.querySelector('.admin-item__title')?.textContent)).toEqual(['Canapé d’angle 128\u00a0000', 'Vélo de route', 'Table basse en chêne']);
    expect(rows[0]).toHaveTextContent('En retard');
    expect(rows[0]).toHaveTextContent('de 15 min');
    expect(rows[1]).not.toHaveTextContent('En retard');
    expect(rows[1]).toHaveTextContent('50 min · reste 10 min');
    expect(rows[2]).toHaveTextContent('10 min · reste 50 min');
    expect(screen.getByText('1 en retard sur l\'engagement de 60 min')).toBeInTheDocument();

    // The oldest is open in full: photos, title, price, place, parameters, description, seller, flags.
    expect(current()).toBe(rows[0]);
    const preview = screen.getByRole('region', { name: 'Annonce à modérer' });
    expect(within(preview).getByRole('heading', { level: 2 })).toHaveTextContent('Canapé d’angle 128 000');
    expect(within(preview).getByRole('img', { name: 'Photo 1 sur 2' })).toHaveAttribute('src', '/l1.jpg');
    expect(preview).toHaveTextContent('85 000 DH');
    expect(preview).toHaveTextContent('Voitures · Offres · Casablanca – Maarif');
    expect(preview).toHaveTextContent('Kilométrage98000 km');
    expect(preview).toHaveTextContent('Voiture bien entretenue et de première main.');
    expect(preview).toHaveTextContent('Particulier, membre depuis le 1 mars 2025');
    expect(within(preview).getByRole('list', { name: 'Alertes des contrôles automatiques' })).toHaveTextContent('Sans photo');
    expect(preview).toHaveTextContent('En retard de 15 min : attend depuis 1 h 15 min (engagement : 60 min)');

    // Another ad opens on a click; an appeal quotes the seller.
    const appeal = rows[1];
    if (!appeal) throw new Error('no second row');
    fireEvent.click(appeal);
    expect(within(preview).getByRole('heading', { level: 2 })).toHaveTextContent('Vélo de route');
    expect(preview).toHaveTextContent('Recours du vendeur : Les photos sont les miennes');
  });

  it('moves a waiting time past the promise while the desk stays open', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      signInAdmin();
      jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items: [item(1, 'Canapé', 3_540)] }));
      renderApp('/fr/admin/moderation');
      expect(await screen.findByText('59 min · reste 1 min')).toBeInTheDocument();
      expect(queueRows()[0]).not.toHaveTextContent('En retard');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(90_000);
      });
      expect(queueRows()[0]).toHaveTextContent('En retard');
      expect(queueRows()[0]).toHaveTextContent("En retard de moins d'1 min");
    } finally {
      jest.useRealTimers();
    }
  });

  it('approves the ad: the server is asked, the ad leaves, the next one opens', async () => {
    signInAdmin();
    const calls: GatewayCall[] = [];
    const state = { items: [item(1, 'Canapé', 900), item(2, 'Vélo', 300)] };
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway(state, calls));
    renderApp('/fr/admin/moderation');
    await screen.findByRole('heading', { name: '2 annonces en attente' });
    const firstId = state.items[0]?.ad.adId;
    fireEvent.click(screen.getByRole('button', { name: 'Approuver' }));
    expect(await screen.findByText('Annonce approuvée : \u2068Canapé\u2069')).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'moderateAd').map((c) => c.variables)).toEqual([{ adId: firstId, decision: 'APPROVE' }]);
    await waitFor(() => {
      expect(queueRows()).toHaveLength(1);
    });
    expect(current()).toHaveTextContent('Vélo');
    expect(screen.getByRole('heading', { name: '1 annonce en attente' })).toBeInTheDocument();
  });

  it('refuses only with a reason, and sends the note for "other" only', async () => {
    signInAdmin();
    const calls: GatewayCall[] = [];
    const state = { items: [item(1, 'Canapé', 900), item(2, 'Vélo', 300)] };
    const [first, second] = state.items.map((i) => i.ad.adId);
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway(state, calls));
    renderApp('/fr/admin/moderation');
    await screen.findByRole('heading', { name: '2 annonces en attente' });

    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refuser l\'annonce' });
    const reasons = within(dialog).getByRole('group', { name: 'Motif du refus (envoyé au vendeur par e-mail)' });
    expect(within(reasons).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Annonce en double', 'Article ou service interdit', 'Mauvaise catégorie', 'Photos non conformes', 'Prix irréaliste', 'Coordonnées dans le texte', 'Autre motif',
    ]);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser l\'annonce' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choisissez un motif de refus');
    expect(calls.filter((c) => c.operationName === 'moderateAd')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Mauvaise catégorie' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser l\'annonce' }));
    expect(await screen.findByText('Annonce refusée : \u2068Canapé\u2069. Le vendeur est prévenu.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Refuser' }));
    dialog = await screen.findByRole('dialog', { name: 'Refuser l\'annonce' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Autre motif' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Précision pour le vendeur/ }), { target: { value: '  Annonce de service non autorisée  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuser l\'annonce' }));
    await waitFor(() => {
      expect(calls.filter((c) => c.operationName === 'moderateAd')).toHaveLength(2);
    });
    expect(calls.filter((c) => c.operationName === 'moderateAd').map((c) => c.variables)).toEqual([
      { adId: first, decision: 'REFUSE', reason: 'wrong_category' },
      { adId: second, decision: 'REFUSE', reason: 'other', note: 'Annonce de service non autorisée' },
    ]);
  });
});

describe('the keyboard', () => {
  it('moves with j and k, approves with a, opens the refusal with r — never from a field or an open dialog', async () => {
    signInAdmin();
    const calls: GatewayCall[] = [];
    const state = { items: [item(1, 'Canapé', 900), item(2, 'Vélo', 600), item(3, 'Table', 300)] };
    const second = state.items[1]?.ad.adId;
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway(state, calls));
    renderApp('/fr/admin/moderation');
    await screen.findByRole('heading', { name: '3 annonces en attente' });
    const legend = screen.getByRole('complementary', { name: 'Raccourcis clavier' });
    expect(within(legend).getAllByRole('term').map((t) => t.textContent)).toEqual(['j', 'k', 'a', 'r']);

    expect(current()).toHaveTextContent('Canapé');
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(current()).toHaveTextContent('Vélo');
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    expect(current()).toHaveTextContent('Table');
    fireEvent.keyDown(document.body, { key: 'k' });
    expect(current()).toHaveTextContent('Vélo');

    // Typed into a field (the header's search), or with a modifier: nothing happens.
    const search = screen.getAllByRole('searchbox')[0] ?? screen.getAllByRole('combobox')[0];
    if (!search) throw new Error('no field in the page');
    fireEvent.keyDown(search, { key: 'a' });
    fireEvent.keyDown(document.body, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(search, { key: 'j' });
    expect(current()).toHaveTextContent('Vélo');

    // r opens the refusal; while it is open, a does not approve.
    fireEvent.keyDown(document.body, { key: 'r' });
    const dialog = await screen.findByRole('dialog', { name: 'Refuser l\'annonce' });
    fireEvent.keyDown(dialog, { key: 'a' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(calls.filter((c) => c.operationName === 'moderateAd')).toEqual([]);

    fireEvent.keyDown(document.body, { key: 'a' });
    await waitFor(() => {
      expect(calls.filter((c) => c.operationName === 'moderateAd').map((c) => c.variables)).toEqual([{ adId: second, decision: 'APPROVE' }]);
    });
  });
});

describe('live', () => {
  it('shows an ad that enters the queue without a reload, and drops one another moderator decided', async () => {
    signInAdmin();
    const realtime = new FakeRealtime();
    const state = { items: [item(1, 'Canapé', 900)] };
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway(state, calls));
    renderApp('/fr/admin/moderation', { realtime: realtime.connect });
    await screen.findByRole('heading', { name: '1 annonce en attente' });
    expect(realtime.listeners('moderation:new')).toBe(1);

    const arriving = item(5, 'Tapis berbère 200 x 300', 2);
    state.items = [...state.items, arriving];
    act(() => {
      realtime.emit('moderation:new', { adId: arriving.ad.adId, listId: 5, kind: 'new', title: 'Tapis berbère 200 x 300', at: 1 });
    });
    expect(await screen.findByText('Nouvelle annonce à modérer : \u2068Tapis berbère 200 x 300\u2069')).toBeInTheDocument();
    await waitFor(() => {
      expect(calls.filter((c) => c.operationName === 'getModerationQueue')).toHaveLength(2);
    });
    await waitFor(() => {
      expect(queueRows()).toHaveLength(2);
    });
    expect(queueRows()[1]).toHaveTextContent('Nouveau');
    expect(screen.getByRole('heading', { name: '2 annonces en attente' })).toBeInTheDocument();

    const gone = state.items[0]?.ad.adId;
    act(() => {
      realtime.emit('moderation:decided', { adId: gone, status: 'active' });
    });
    await waitFor(() => {
      expect(queueRows()).toHaveLength(1);
    });
    expect(current()).toHaveTextContent('Tapis berbère');
  });
});

describe('abuse reports', () => {
  const report = (listId: number, type: string, body: string, createdAt: string, title = 'Dacia Logan 2018'): AbuseReport => ({
    listId,
    type,
    body,
    createdAt,
    ad: { adId: `ad-${String(listId)}`, listId, title, status: 'active', image: '/t.jpg', price: { withCurrency: '85 000 DH', withoutCurrency: '85 000', value: 85000 }, city: { id: 1, name: 'Casablanca' }, category: { id: 2010, name: 'Voitures' } },
    seller: { accountId: 7, name: 'Auto Maarif', type: 'shop', isVerifiedSeller: true, memberSince: '2024-01-01T00:00:00Z' },
  });

  it('groups the reports per ad with their count, reasons and words, the most reported first', async () => {
    signInAdmin();
    const reports = [
      report(9, 'sold', '', '2026-11-20T10:00:00Z', 'Vélo'),
      report(8, 'fraud', 'Demande un virement avant de montrer la voiture', '2026-11-21T10:00:00Z'),
      report(8, 'sold', '', '2026-11-22T10:00:00Z'),
      report(8, 'fraud', '', '2026-11-23T10:00:00Z'),
    ];
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items: [], reports }));
    renderApp('/fr/admin/reports');
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { level: 2 })).toHaveTextContent('Dacia Logan 2018');
    expect(first).toHaveTextContent('3 signalements');
    expect(within(first).getByRole('list', { name: 'Motifs' }).textContent).toBe('Fraude× 2Article déjà vendu');
    expect(within(first).getByRole('list', { name: 'Commentaires des visiteurs' })).toHaveTextContent('Demande un virement avant de montrer la voiture');
    expect(within(first).getByRole('link', { name: 'Dacia Logan 2018' })).toHaveAttribute('href', '/fr/vi/8.htm');
    expect(second).toHaveTextContent('1 signalement');
    expect(within(screen.getByRole('navigation', { name: "Rubriques de l'administration" })).getByRole('link', { name: /Signalements/ })).toHaveTextContent('2');
  });

  it('acts as the seller after asking, and opens their ads', async () => {
    signInAdmin();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      deskGateway({ items: [], reports: [report(8, 'fraud', '', '2026-11-21T10:00:00Z')] }, calls),
    );
    const app = renderApp('/fr/admin/reports');
    fireEvent.click(await screen.findByRole('button', { name: 'Agir en tant que \u2068Auto Maarif\u2069' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agir en tant que \u2068Auto Maarif\u2069 ?' });
    expect(dialog).toHaveTextContent('Chaque action sera enregistrée sous votre compte administrateur.');
    expect(calls.filter((c) => c.operationName === 'actAsUser')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agir en tant que ce vendeur' }));
    await waitFor(() => {
      expect(app.pathname()).toBe('/fr/account/v2/my-ads');
    });
    expect(calls.filter((c) => c.operationName === 'actAsUser').map((c) => c.variables)).toEqual([{ accountId: 7 }]);
    expect(document.cookie).toContain('souk_token=');
  });
});

describe('long lists', () => {
  const reported = (n: number, at: number, title = `Annonce signalée ${String(n)}`): AbuseReport => ({
    listId: 100 + n,
    type: 'fraud',
    body: '',
    createdAt: new Date(Date.UTC(2026, 10, 20, 0, at)).toISOString(),
    ad: { adId: `ad-${String(100 + n)}`, listId: 100 + n, title, status: 'active', image: '/t.jpg', price: { withCurrency: '1 000 DH', withoutCurrency: '1 000', value: 1000 }, city: { id: 1, name: 'Casablanca' }, category: { id: 6020, name: 'Salons' } },
    seller: { accountId: 7, name: 'Auto Maarif', type: 'shop', isVerifiedSeller: true, memberSince: '2024-01-01T00:00:00Z' },
  });

  it('shows the queue 50 at a time with the server count, and the next ones on demand', async () => {
    signInAdmin();
    const calls: GatewayCall[] = [];
    const items = Array.from({ length: 62 }, (_, n) => item(n + 1, `Annonce ${String(n + 1)}`, 10_000 - n));
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items }, calls));
    renderApp('/fr/admin/moderation');
    expect(await screen.findByRole('heading', { name: '62 annonces en attente' })).toBeInTheDocument();
    expect(queueRows()).toHaveLength(50);
    expect(screen.getByText('50 affichées sur 62')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher 12 de plus' }));
    await waitFor(() => {
      expect(queueRows()).toHaveLength(62);
    });
    expect(queueRows()[61]).toHaveTextContent('Annonce 62');
    expect(screen.queryByText(/affichées sur/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'getModerationQueue').map((c) => c.variables)).toContainEqual({ page: 2, size: 50 });
  });

  it('shows the reported ads 50 at a time, and closes an ad\'s reports only with a reason', async () => {
    signInAdmin();
    const calls: GatewayCall[] = [];
    const reports = [...Array.from({ length: 53 }, (_, n) => reported(n, n + 1)), reported(0, 100)];
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items: [], reports }, calls));
    renderApp('/fr/admin/reports');
    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(50);
    });
    const tabs = screen.getByRole('navigation', { name: "Rubriques de l'administration" });
    expect(within(tabs).getByRole('link', { name: /Signalements/ })).toHaveTextContent('53');
    // The credit requests have their tab too (issue 25).
    expect(within(tabs).getByRole('link', { name: 'Demandes de crédit' })).toHaveAttribute('href', '/fr/admin/credit');
    expect(screen.getByText('50 affichées sur 53')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Afficher 3 de plus' }));
    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(53);
    });

    const [first] = screen.getAllByRole('article');
    if (!first) throw new Error('no card');
    expect(first).toHaveTextContent('Annonce signalée 0');
    expect(first).toHaveTextContent('2 signalements');
    fireEvent.click(within(first).getByRole('button', { name: 'Classer les signalements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Classer les 2 signalements' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Classer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choisissez un motif pour classer les signalements.');
    expect(calls.filter((c) => c.operationName === 'dismissReportAd')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Aucune infraction constatée' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note interne/ }), { target: { value: '  Vendeur joint par téléphone ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Classer' }));
    await waitFor(() => {
      expect(screen.getAllByRole('article')).toHaveLength(52);
    });
    expect(calls.filter((c) => c.operationName === 'dismissReportAd').map((c) => c.variables)).toEqual([{ listId: 100, reason: 'no_violation', note: 'Vendeur joint par téléphone' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText(/Signalements classés/)).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: /Signalements/ })).toHaveTextContent('52');
  });

  it('opens a reported ad with a way back to the reports, which nobody else sees', async () => {
    signInAdmin();
    const resolvers = deskGateway({ items: [], reports: [reported(8, 1, 'Dacia Logan 2018')] });
    const withAd = gateway({ getAd: () => publicAd({ listId: 108, title: 'Dacia Logan 2018' }), getRelatedAds: () => [listAd({ listId: 5 })], getPremiumAds: () => [] });
    jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { operationName?: string };
      return ['getAd', 'getRelatedAds', 'getPremiumAds'].includes(body.operationName ?? '') ? withAd(input, init) : resolvers(input, init);
    });
    const app = renderApp('/fr/admin/reports');
    fireEvent.click(await screen.findByRole('link', { name: 'Dacia Logan 2018' }));
    const back = await screen.findByRole('link', { name: 'Retour aux signalements' });
    expect(app.pathname()).toBe('/fr/vi/108.htm');
    fireEvent.click(back);
    await waitFor(() => {
      expect(app.pathname()).toBe('/fr/admin/reports');
    });
    app.unmount();
    renderApp('/fr/vi/108.htm');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dacia Logan 2018' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Retour aux signalements' })).not.toBeInTheDocument();
  });
});

describe('in Arabic, on a phone', () => {
  it('shows the list, then the ad with its decision bar and a way back', async () => {
    viewport('phone');
    signInAdmin();
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items: [item(1, 'كنبة جلدية', 4_000), item(2, 'دراجة', 120)] }));
    renderApp('/ar/admin/moderation');
    expect(await screen.findByRole('heading', { name: 'مراجعة الإعلانات' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'إعلانان في الانتظار' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'الإعلان المعروض للمراجعة' })).not.toBeInTheDocument();
    const rows = queueRows(/في الانتظار/);
    const [late] = rows;
    if (!late) throw new Error('no row');
    expect(late).toHaveTextContent('متأخر');
    expect(rows.every((row) => row.getAttribute('aria-current') === null)).toBe(true);
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    fireEvent.click(late);
    const preview = screen.getByRole('region', { name: 'الإعلان المعروض للمراجعة' });
    expect(within(preview).getByRole('group', { name: 'القرار' })).toHaveTextContent('رفضقبول');
    fireEvent.click(within(preview).getByRole('button', { name: 'الرجوع إلى القائمة' }));
    expect(screen.getByRole('heading', { name: 'إعلانان في الانتظار' })).toBeInTheDocument();
  });

  it('closes an ad\'s reports in Arabic', async () => {
    viewport('phone');
    signInAdmin();
    const reports: AbuseReport[] = [
      { listId: 8, type: 'sold', body: '', createdAt: '2026-11-21T10:00:00Z', ad: { adId: 'ad-8', listId: 8, title: 'دراجة هوائية', status: 'active', image: null, price: null, city: { id: 1, name: 'الدار البيضاء' }, category: { id: 6020, name: 'دراجات' } }, seller: null },
    ];
    jest.spyOn(globalThis, 'fetch').mockImplementation(deskGateway({ items: [], reports }));
    renderApp('/ar/admin/reports');
    fireEvent.click(await screen.findByRole('button', { name: 'إغلاق البلاغات' }));
    const dialog = await screen.findByRole('dialog', { name: 'إغلاق البلاغ' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'صحّح البائع الإعلان' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأكيد الإغلاق' }));
    expect(await screen.findByText('لا توجد بلاغات مفتوحة')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
