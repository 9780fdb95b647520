// The ad form: the stepper through the four steps with saveAdDraft at each step and submitAd
// at the end (the moderation confirmation), the §5 text rules as the person types, a server
// refusal shown in place, photo checks and upload progress, edit mode with patchAd, and the
// availability calendar of a vacation rental (setAdAvailability once the ad is saved); the car
// parameters chosen from the car catalogue (models following the brand, a list's read error); the
// edit's loading and load error, the categories' load error, and the video checks (30 MB,
// 60 seconds, landscape) before upload.

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accessTokenFor, categories, gateway, graphqlError, internalErrorResponse, pending, type GatewayCall } from '../../../test/fixtures';
import { detailAd } from '../../../test/adFixtures';
import { FakeXhr, installFakeXhr } from '../../../test/fakeXhr';
import { renderApp } from '../../../test/renderApp';
import { labelOf, monthOf, today } from '../availability/days';
import { forget } from './formMemory';

// Each test starts a new form: what a previous one typed is not recalled.
beforeEach(() => {
  forget('insert');
});

function signIn(): string {
  const token = accessTokenFor();
  document.cookie = `souk_token=${token}; Path=/`;
  return token;
}

const PARAMS = [
  { key: 'brand', label: 'Marque', kind: 'choice', requiredForOffers: true, unit: null, min: null, max: null, maxLength: null, choices: [], source: 'carBrands' },
  { key: 'model', label: 'Modèle', kind: 'choice', requiredForOffers: true, unit: null, min: null, max: null, maxLength: null, choices: [], source: 'carModels' },
  { key: 'fuel', label: 'Carburant', kind: 'choice', requiredForOffers: true, unit: null, min: null, max: null, maxLength: null, choices: [], source: 'carFuels' },
  { key: 'mileage', label: 'Kilométrage', kind: 'number', requiredForOffers: false, unit: 'km', min: 0, max: 2000000, maxLength: null, choices: [], source: null },
  {
    key: 'origin',
    label: 'Origine',
    kind: 'choice',
    requiredForOffers: false,
    unit: null,
    min: null,
    max: null,
    maxLength: null,
    choices: [{ key: 'dedouanee', label: 'Dédouanée' }],
    source: null,
  },
];

const AR_LABELS: Record<string, string> = { Marque: 'العلامة', Modèle: 'الطراز', Carburant: 'نوع الوقود' };

const MODELS: Record<string, { id: number; name: string; slug: string }[]> = {
  dacia: [
    { id: 101, name: 'Logan', slug: 'logan' },
    { id: 102, name: 'Sandero', slug: 'sandero' },
  ],
  renault: [{ id: 201, name: 'Clio', slug: 'clio' }],
};

/** The car catalogue as the gateway lists it (docs/api.md); fuels in the request's language. */
const CARS: Record<string, (call: GatewayCall) => unknown> = {
  getCarBrands: () => [
    { id: 1, name: 'Dacia', slug: 'dacia' },
    { id: 2, name: 'Renault', slug: 'renault' },
  ],
  getCarModels: ({ variables }) =>
    MODELS[variables.brand as string] ?? graphqlError('INVALID_PARAM', 'adForm.error.param', 'Une caractéristique est invalide'),
  getCarFuels: ({ language }) => [
    { key: 'diesel', name: language === 'ar' ? 'ديزل' : 'Diesel' },
    { key: 'essence', name: language === 'ar' ? 'بنزين' : 'Essence' },
  ],
};

function formGateway(calls: GatewayCall[], extra: Record<string, (call: GatewayCall) => unknown> = {}) {
  return gateway(
    {
      ...CARS,
      getAdParams: ({ language }) => (language === 'ar' ? PARAMS.map((p) => ({ ...p, label: AR_LABELS[p.label] ?? p.label })) : PARAMS),
      getAreas: () => [{ id: 101, name: 'Maarif', label: { fr: 'Maarif', ar: 'المعاريف' }, slug: { fr: 'maarif', ar: 'المعاريف' } }],
      getPriceAdvice: () => ({
        median: { withCurrency: '90 000 DH', withoutCurrency: '90 000', value: 90000 },
        low: { withCurrency: '70 000 DH', withoutCurrency: '70 000', value: 70000 },
        high: { withCurrency: '110 000 DH', withoutCurrency: '110 000', value: 110000 },
        count: 12,
        national: false,
      }),
      saveAdDraft: ({ variables }) => ({ draftId: 'draft-1', adId: null, step: variables.step, nextStep: (variables.step as number) + 1, ad: variables.ad }),
      submitAd: () => ({ adId: 'ad-1', listId: 10000700, status: 'pending_review' }),
      ...extra,
    },
    calls,
  );
}

/** Searches the category tiles for `name` and chooses its tile (a radio button). */
async function pickCategory(form: HTMLElement, name: string, search = name.slice(0, 4)): Promise<void> {
  const searchbox = await within(form).findByRole('searchbox', { name: /^(Rechercher une catégorie|البحث عن فئة)$/ });
  fireEvent.change(searchbox, { target: { value: search } });
  fireEvent.click(within(form).getByRole('radio', { name }));
}

/** Types into a searchable select and picks the option whose label starts with `label`. */
async function choose(combobox: HTMLElement, label: string): Promise<void> {
  await waitFor(() => {
    expect(combobox).toBeEnabled();
  });
  fireEvent.focus(combobox);
  fireEvent.change(combobox, { target: { value: label } });
  const listbox = await screen.findByRole('listbox');
  fireEvent.mouseDown(await within(listbox).findByRole('option', { name: new RegExp(`^${label}`) }));
}

/** The options a searchable select offers once opened (then closed again). */
async function optionsOf(combobox: HTMLElement): Promise<string[]> {
  await waitFor(() => {
    expect(combobox).toBeEnabled();
  });
  fireEvent.focus(combobox);
  const names = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
  fireEvent.blur(combobox);
  return names;
}

describe('ad form', () => {
  it.each([
    ['/ad/insert/2', 'Description', 'Continuer', ['Titre', 'Description'], 'Ce champ est obligatoire'],
    ['/ar/ad/insert/2', 'الوصف', 'متابعة', ['العنوان', 'الوصف'], 'هذا الحقل إلزامي'],
  ])('says beside each field what an empty step 2 lacks, in words, and moves the focus to the first (%s)', async (path, step, next, fields, message) => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway([]));
    renderApp(path);
    const form = await screen.findByRole('form', { name: step });
    const [title, description] = fields.map((name) => within(form).getByRole('textbox', { name }));
    // Nothing is said before the person leaves a field or sends the step.
    expect(title).not.toHaveAttribute('aria-invalid');
    fireEvent.click(within(form).getByRole('button', { name: next }));
    for (const field of [title, description]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(title).toHaveFocus();
    expect(form.textContent).not.toMatch(/adForm\.|validation\./);
  });

  it('shows a field\'s problem once it is left, with the limits from the server rules, and follows the typing afterwards', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway([]));
    renderApp('/ad/insert/2');
    const form = await screen.findByRole('form', { name: 'Description' });
    const title = within(form).getByRole('textbox', { name: 'Titre' });
    fireEvent.change(title, { target: { value: 'Vél' } });
    expect(within(form).queryByText('Au moins 5 caractères')).not.toBeInTheDocument();
    fireEvent.blur(title);
    expect(title).toHaveAccessibleDescription('Au moins 5 caractères');
    fireEvent.change(title, { target: { value: 'Vélo, état neuf' } });
    expect(title).toHaveAccessibleDescription('Le texte ne doit pas contenir les caractères ! = " : ; _ , % +');
    fireEvent.change(title, { target: { value: 'Vélo état neuf' } });
    expect(title).not.toHaveAttribute('aria-invalid');
    // A description is prose: its commas, colon, percent and Arabic comma pass; a handle does not.
    const description = within(form).getByRole('textbox', { name: 'Description' });
    fireEvent.change(description, { target: { value: 'Très bon état, peu servi : pneus à 90 %، facture.' } });
    fireEvent.blur(description);
    expect(description).not.toHaveAttribute('aria-invalid');
    fireEvent.change(description, { target: { value: 'Écrivez-moi sur insta, vendeur_casa' } });
    expect(description).toHaveAccessibleDescription(expect.stringContaining('La description ne doit pas contenir les caractères = et _'));
  });

  it('counts the description as it is typed, against the server limit, and says it politely after a pause', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway([]));
    renderApp('/ad/insert/2');
    const form = await screen.findByRole('form', { name: 'Description' });
    const description = within(form).getByRole('textbox', { name: 'Description' });
    expect(within(form).getByText('0 / 4000')).toBeInTheDocument();
    fireEvent.change(description, { target: { value: '  Très bon état, peu servi.  ' } });
    // Counted as the server counts: trimmed, in characters.
    expect(within(form).getByText('25 / 4000')).toBeInTheDocument();
    const said = await within(form).findByText('25 caractères sur 4000', {}, { timeout: 2000 });
    expect(said).toHaveAttribute('aria-live', 'polite');
    fireEvent.change(description, { target: { value: 'x'.repeat(4001) } });
    expect(within(form).getByText('4001 / 4000')).toHaveClass('ui-field__counter--over');
  });

  it('goes through the four steps, saving each, and says the ad waits for moderation', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway(calls));
    const { pathname } = renderApp('/ad/insert/1');

    const form = await screen.findByRole('form', { name: 'Catégorie' });
    const searchbox = await within(form).findByRole('searchbox', { name: 'Rechercher une catégorie' });
    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));
    expect(within(form).getByText('Choisissez une catégorie')).toBeInTheDocument();
    expect(searchbox).toHaveFocus();
    await pickCategory(form, 'Voitures');
    expect(within(form).queryByText('Choisissez une catégorie')).not.toBeInTheDocument();
    // The category's only ad type is chosen already.
    expect(within(form).getByRole('radio', { name: 'Offres' })).toBeChecked();
    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));

    const step2 = await screen.findByRole('form', { name: 'Description' });
    expect(pathname()).toBe('/ad/insert/2');
    const title = within(step2).getByRole('textbox', { name: 'Titre' });
    fireEvent.change(title, { target: { value: 'Dacia!' } });
    fireEvent.blur(title);
    expect(screen.getByText('Le texte ne doit pas contenir les caractères ! = " : ; _ , % +')).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'Logan' } });
    fireEvent.change(title, { target: { value: 'Dac' } });
    expect(screen.getByText('Au moins 5 caractères')).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'Dacia Logan 2018' } });
    const description = within(step2).getByRole('textbox', { name: 'Description' });
    fireEvent.change(description, { target: { value: 'Appelez le 0612345678' } });
    fireEvent.blur(description);
    expect(screen.getByText('Le texte ne doit pas contenir de numéro de téléphone')).toBeInTheDocument();
    fireEvent.change(description, { target: { value: 'Très bonne voiture, entretenue : carnet à jour.' } });
    await waitFor(() => {
      expect(within(step2).getByRole('combobox', { name: 'Marque *' })).toBeEnabled();
    });
    // The car's required parameters say so when the step is sent without them.
    fireEvent.click(within(step2).getByRole('button', { name: 'Continuer' }));
    expect(within(step2).getByRole('combobox', { name: 'Marque *' })).toHaveAccessibleDescription('Ce champ est obligatoire');
    expect(within(step2).getByRole('combobox', { name: 'Marque *' })).toHaveFocus();
    expect(pathname()).toBe('/ad/insert/2');
    await choose(within(step2).getByRole('combobox', { name: 'Marque *' }), 'Dacia');
    await choose(within(step2).getByRole('combobox', { name: 'Modèle *' }), 'Logan');
    await choose(within(step2).getByRole('combobox', { name: 'Carburant *' }), 'Diesel');
    fireEvent.change(within(step2).getByRole('spinbutton', { name: 'Kilométrage (km)' }), { target: { value: '98000' } });
    await choose(within(step2).getByRole('combobox', { name: 'Origine' }), 'Dédouanée');
    fireEvent.click(within(step2).getByRole('checkbox', { name: 'Urgent' }));
    fireEvent.click(within(step2).getByRole('button', { name: 'Continuer' }));

    const step3 = await screen.findByRole('form', { name: 'Photos et vidéo' });
    expect(pathname()).toBe('/ad/insert/3');
    fireEvent.click(within(step3).getByRole('button', { name: 'Continuer' }));

    const step4 = await screen.findByRole('form', { name: 'Lieu et prix' });
    // The select is there before its cities: choose once the city is an option.
    await choose(within(step4).getByRole('combobox', { name: 'Ville' }), 'Casablanca');
    await choose(await within(step4).findByRole('combobox', { name: 'Quartier' }), 'Maarif');
    fireEvent.change(within(step4).getByRole('spinbutton', { name: 'Prix (DH)' }), { target: { value: '85000' } });
    const advice = await within(step4).findByRole('note');
    expect(advice).toHaveTextContent('Prix conseillé : 90 000 DH (de 70 000 DH à 110 000 DH');
    // Each amount is isolated, so that an Arabic sentence keeps "90 000 DH" in order (ui/Price.tsx).
    expect([...advice.querySelectorAll('bdi')].map((amount) => amount.textContent)).toEqual(['90 000 DH', '70 000 DH', '110 000 DH']);
    fireEvent.click(within(step4).getByRole('button', { name: "Publier l'annonce" }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Annonce envoyée' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('elle sera vérifiée dans les 60 minutes');
    // The posted ad is offered its boost.
    expect(screen.getByRole('link', { name: 'Booster mon annonce' })).toHaveAttribute('href', '/fr/checkout/boost?ad=ad-1');

    const drafts = calls.filter((c) => c.operationName === 'saveAdDraft');
    expect(drafts.map((c) => [c.variables.step, c.variables.draftId])).toEqual([
      [1, null],
      [2, 'draft-1'],
      [3, 'draft-1'],
      [4, 'draft-1'],
    ]);
    expect(drafts[3]?.variables.ad).toMatchObject({
      categoryId: 2010,
      adType: 'sell',
      title: 'Dacia Logan 2018',
      description: 'Très bonne voiture, entretenue : carnet à jour.',
      params: { brand: 'dacia', model: 'logan', fuel: 'diesel', mileage: 98000, origin: 'dedouanee' },
      urgent: true,
      images: [],
      cityId: 1,
      areaId: 101,
      price: 85000,
    });
    expect(calls.find((c) => c.operationName === 'submitAd')?.variables).toEqual({ draftId: 'draft-1', ad: null });
  }, 30_000);

  it('chooses car parameters from the catalogue: the models follow the brand, the fuels are in Arabic', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway(calls));
    renderApp('/ar/ad/insert/1');
    const form = await screen.findByRole('form', { name: 'الفئة' });
    await pickCategory(form, 'سيارات');
    fireEvent.click(within(form).getByRole('radio', { name: 'عروض' }));
    fireEvent.click(within(form).getByRole('button', { name: 'متابعة' }));

    const step2 = await screen.findByRole('form', { name: 'الوصف' });
    const model = await within(step2).findByRole('combobox', { name: 'الطراز *' });
    expect(model).toBeDisabled();
    expect(model).toHaveAttribute('placeholder', 'اختر العلامة أولًا');
    expect(calls.some((c) => c.operationName === 'getCarModels')).toBe(false);
    const fuel = within(step2).getByRole('combobox', { name: 'نوع الوقود *' });
    expect(await optionsOf(fuel)).toEqual(['ديزل', 'بنزين']);

    const brand = within(step2).getByRole('combobox', { name: 'العلامة *' });
    await choose(brand, 'Dacia');
    expect(await optionsOf(model)).toEqual(['Logan', 'Sandero']);
    await choose(model, 'Sandero');
    expect(model).toHaveValue('Sandero');

    // Another brand: its own models, and the previous brand's model is no longer chosen.
    await choose(brand, 'Renault');
    expect(model).toHaveValue('');
    expect(await optionsOf(model)).toEqual(['Clio']);
    expect(calls.filter((c) => c.operationName === 'getCarModels').map((c) => c.variables)).toEqual([{ brand: 'dacia' }, { brand: 'renault' }]);
    expect(calls.find((c) => c.operationName === 'getCarFuels')?.language).toBe('ar');
    fireEvent.change(within(step2).getByRole('textbox', { name: 'العنوان' }), { target: { value: 'Renault Clio 2019' } });
    fireEvent.change(within(step2).getByRole('textbox', { name: 'الوصف' }), { target: { value: 'سيارة في حالة جيدة، صيانة منتظمة؟ نعم.' } });
    // The model and fuel a car on offer needs are said missing, in Arabic, beside their selects.
    fireEvent.click(within(step2).getByRole('button', { name: 'متابعة' }));
    expect(model).toHaveAccessibleDescription('هذا الحقل إلزامي');
    expect(model).toHaveFocus();
    expect(fuel).toHaveAccessibleDescription('هذا الحقل إلزامي');
    await choose(model, 'Clio');
    await choose(fuel, 'ديزل');
    fireEvent.click(within(step2).getByRole('button', { name: 'متابعة' }));
    await screen.findByRole('form', { name: 'الصور والفيديو' });
    const saved = calls.filter((c) => c.operationName === 'saveAdDraft').at(-1)?.variables.ad as { params: unknown; description: unknown };
    expect(saved.params).toEqual({ brand: 'renault', model: 'clio', fuel: 'diesel' });
    expect(saved.description).toBe('سيارة في حالة جيدة، صيانة منتظمة؟ نعم.');
  });

  it('shows the §8 message with a retry when a catalogue list cannot be read', async () => {
    signIn();
    let brandFailures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      formGateway([], {
        getCarBrands: (call) => (brandFailures-- > 0 ? internalErrorResponse() : CARS.getCarBrands?.(call)),
        getCarModels: () => graphqlError('INVALID_PARAM', 'adForm.error.param', 'Une caractéristique est invalide'),
      }),
    );
    renderApp('/ad/insert/1');
    const form = await screen.findByRole('form', { name: 'Catégorie' });
    await pickCategory(form, 'Voitures');
    fireEvent.click(within(form).getByRole('radio', { name: 'Offres' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));

    const step2 = await screen.findByRole('form', { name: 'Description' });
    expect(await within(step2).findByRole('alert')).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    expect(within(step2).getByRole('combobox', { name: 'Marque *' })).toBeDisabled();
    fireEvent.click(within(step2).getByRole('button', { name: 'Réessayer' }));
    const brand = within(step2).getByRole('combobox', { name: 'Marque *' });
    await waitFor(() => {
      expect(brand).toBeEnabled();
    });
    expect(within(step2).queryByRole('alert')).not.toBeInTheDocument();

    // A brand the server does not know (an old value): its refusal in the page's words.
    await choose(brand, 'Dacia');
    expect(await within(step2).findByRole('alert')).toHaveTextContent("Une caractéristique de l'annonce est invalide");
  });

  it("shows the server's refusal of a step in place", async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      formGateway([], { saveAdDraft: () => graphqlError('INVALID_PARAM', 'adForm.error.param', 'Une caractéristique est invalide') }),
    );
    renderApp('/ar/ad/insert/1');
    const form = await screen.findByRole('form', { name: 'الفئة' });
    await pickCategory(form, 'سيارات');
    fireEvent.click(within(form).getByRole('radio', { name: 'عروض' }));
    fireEvent.click(within(form).getByRole('button', { name: 'متابعة' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('إحدى خصائص الإعلان غير صالحة');
  });

  it('checks photos before upload and shows the upload progress', async () => {
    const token = signIn();
    const restore = installFakeXhr();
    try {
      jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway([]));
      renderApp('/ad/insert/3');
      const form = await screen.findByRole('form', { name: 'Photos et vidéo' });
      const input = within(form).getByLabelText('Ajouter des photos');
      const gif = new File(['x'], 'chat.gif', { type: 'image/gif' });
      fireEvent.change(input, { target: { files: [gif] } });
      expect(await within(form).findByRole('alert')).toHaveTextContent('chat.gif : Photo JPEG ou PNG uniquement');

      const photo = new File(['jpeg'], 'voiture.jpg', { type: 'image/jpeg' });
      fireEvent.change(input, { target: { files: [photo] } });
      const progress = await within(form).findByRole('progressbar', { name: 'Envoi de voiture.jpg' });
      expect(FakeXhr.instances.map((x) => ({ url: x.url, auth: x.auth }))).toEqual([{ url: '/api/ads/photos', auth: `Bearer ${token}` }]);
      const upload = FakeXhr.instances[0];
      upload?.progress(50, 100);
      expect(progress).toHaveAttribute('aria-valuenow', '50');
      expect(within(form).getByText('50 %')).toBeInTheDocument();
      await upload?.answer(201, { mediaId: 'm1', urls: { thumb: '/t.jpg', medium: '/m.jpg', large: '/l.jpg' } });
      expect(await within(form).findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', '/t.jpg');
      expect(within(form).getByText('Photo principale')).toBeInTheDocument();
      fireEvent.click(within(form).getByRole('button', { name: 'Retirer la photo 1' }));
      expect(within(form).queryByRole('img', { name: 'Photo 1' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('edits one of my ads and saves it with patchAd', async () => {
    signIn();
    const calls: GatewayCall[] = [];
    const car = detailAd({ category: { id: 2010, name: 'Voitures' } });
    // A car on offer has its brand and model (required): the step would not pass without them.
    const params = [
      ...car.params,
      { key: 'brand', label: 'Marque', kind: 'choice', value: 'dacia', valueLabel: 'Dacia', unit: null },
      { key: 'model', label: 'Modèle', kind: 'choice', value: 'logan', valueLabel: 'Logan', unit: null },
    ];
    const ad = { ...car, params, videoMediaId: 'ads/v1/video.mp4' };
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway(calls, { getMyAd: () => ad, patchAd: () => ad.adId }));
    renderApp(`/ad/edit/${ad.adId}/2`);
    const form = await screen.findByRole('form', { name: 'Description' });
    expect(within(form).getByRole('textbox', { name: 'Titre' })).toHaveValue('Dacia Logan 2018 diesel');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Titre' }), { target: { value: 'Dacia Logan 2018 diesel propre' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Continuer' }));
    // The ad's photos are there to keep or remove; the first one is removed.
    const photos = await screen.findByRole('form', { name: 'Photos et vidéo' });
    expect(within(photos).getAllByRole('button', { name: /^Retirer la photo \d+$/ })).toHaveLength(2);
    fireEvent.click(within(photos).getByRole('button', { name: 'Retirer la photo 1' }));
    expect(within(photos).getAllByRole('button', { name: /^Retirer la photo \d+$/ })).toHaveLength(1);
    fireEvent.click(within(photos).getByRole('button', { name: 'Continuer' }));
    const step4 = await screen.findByRole('form', { name: 'Lieu et prix' });
    fireEvent.click(within(step4).getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Annonce envoyée' })).toBeInTheDocument();
    const patch = calls.find((c) => c.operationName === 'patchAd')?.variables.ad as Record<string, unknown>;
    expect(patch).toMatchObject({ adId: ad.adId, title: 'Dacia Logan 2018 diesel propre', cityId: 1, price: 85000 });
    expect(patch).toMatchObject({ images: ['ads/p2/large.jpg'], video: 'ads/v1/video.mp4' });
    expect(calls.some((c) => c.operationName === 'saveAdDraft')).toBe(false);
  });

  describe('a vacation rental', () => {
    const rental = { ...detailAd({ category: { id: 1300, name: 'Locations de vacances' }, type: { key: 'vacation_rent', name: 'Location de vacances' } }), videoMediaId: null };
    const start = today();
    const frenchDay = (day: number) => new Intl.DateTimeFormat('fr-MA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(day * 86_400_000);
    // Moves the calendar to the month of `day`, then taps it.
    const tap = (form: HTMLElement, day: number, state: 'libre' | 'réservé') => {
      const month = monthOf(day);
      const title = new Intl.DateTimeFormat('fr-MA', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(month.year, month.month, 1));
      while (!within(form).queryByRole('heading', { name: title })) fireEvent.click(within(form).getByRole('button', { name: 'Mois suivant' }));
      fireEvent.click(within(form).getByRole('button', { name: `${frenchDay(day)}, ${state}` }));
    };

    it('edits its booked nights in step 4 and saves them with the ad', async () => {
      signIn();
      const calls: GatewayCall[] = [];
      jest.spyOn(globalThis, 'fetch').mockImplementation(
        formGateway(calls, {
          getMyAd: () => rental,
          getAdAvailability: () => [{ from: labelOf(start + 2), to: labelOf(start + 3) }],
          patchAd: () => rental.adId,
          setAdAvailability: ({ variables }) => variables.periods,
        }),
      );
      renderApp(`/ad/edit/${rental.adId}/4`);
      const form = await screen.findByRole('form', { name: 'Lieu et prix' });
      const calendar = within(form).getByRole('group', { name: 'Disponibilités' });
      tap(calendar, start + 3, 'réservé');
      tap(calendar, start + 3, 'réservé');
      tap(calendar, start + 6, 'libre');
      tap(calendar, start + 7, 'libre');
      fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Annonce envoyée' })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(calls.find((c) => c.operationName === 'setAdAvailability')?.variables).toEqual({
        adId: rental.adId,
        periods: [
          { from: labelOf(start + 2), to: labelOf(start + 2) },
          { from: labelOf(start + 6), to: labelOf(start + 7) },
        ],
      });
      const order = calls.map((c) => c.operationName).filter((name) => name === 'patchAd' || name === 'setAdAvailability');
      expect(order).toEqual(['patchAd', 'setAdAvailability']);
    });

    it('says so when the ad is saved but its calendar is refused', async () => {
      signIn();
      jest.spyOn(globalThis, 'fetch').mockImplementation(
        formGateway([], {
          getMyAd: () => rental,
          getAdAvailability: () => [],
          patchAd: () => rental.adId,
          setAdAvailability: () => graphqlError('INVALID_DATE_RANGE', 'stats.error.invalidRange', 'Cette période n’est pas valide'),
        }),
      );
      renderApp(`/ad/edit/${rental.adId}/4`);
      const form = await screen.findByRole('form', { name: 'Lieu et prix' });
      expect(within(form).getByText('Aucune nuit réservée : le logement est libre toute l’année.')).toBeInTheDocument();
      fireEvent.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Annonce envoyée' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('L’annonce est enregistrée, mais pas ses disponibilités : Cette période n\'est pas valide');
    });
  });
});

describe('ad form loading and errors', () => {
  it('shows a loader while the ad to edit loads', async () => {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway([], { getMyAd: () => pending() }));
    renderApp('/ad/edit/0193a8f0-0000-7000-8000-000000000001/1');
    expect(await screen.findByRole('status', { name: "Chargement de l'annonce…" })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows why the ad to edit could not be read, and reads it again on retry', async () => {
    signIn();
    const ad = { ...detailAd({ category: { id: 2010, name: 'Voitures' } }), videoMediaId: null };
    let failures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      formGateway([], { getMyAd: () => (failures-- > 0 ? graphqlError('AD_NOT_FOUND', 'x.adNotFound', 'Annonce introuvable') : ad) }),
    );
    renderApp(`/ad/edit/${ad.adId}/2`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Annonce introuvable');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    const form = await screen.findByRole('form', { name: 'Description' });
    expect(within(form).getByRole('textbox', { name: 'Titre' })).toHaveValue('Dacia Logan 2018 diesel');
  });

  it('shows the failure to load the categories with a retry', async () => {
    signIn();
    let failures = 1;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      formGateway([], { getCategories: ({ language }) => (failures-- > 0 ? internalErrorResponse() : categories(language)) }),
    );
    renderApp('/ad/insert/1');
    const form = await screen.findByRole('form', { name: 'Catégorie' });
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Erreur Veuillez réessayer plus tard');
    expect(within(form).queryByRole('searchbox', { name: 'Rechercher une catégorie' })).not.toBeInTheDocument();
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(await within(form).findByRole('searchbox', { name: 'Rechercher une catégorie' })).toBeInTheDocument();
  });
});

describe('video checks', () => {
  /** A <video> element that reads `metadata` from any file (jsdom does not decode media). */
  function fakeVideoMetadata(metadata: { seconds: number; width: number; height: number }) {
    jest.spyOn(URL, 'createObjectURL').mockReturnValue('blob:video');
    jest.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(metadata.seconds);
    jest.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(metadata.width);
    jest.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(metadata.height);
    jest.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement) {
      setTimeout(() => this.dispatchEvent(new Event('loadedmetadata')));
    });
  }

  function video(name: string, bytes = 5 * 1024 * 1024): File {
    const file = new File(['mp4'], name, { type: 'video/mp4' });
    Object.defineProperty(file, 'size', { value: bytes });
    return file;
  }

  async function videoInput(path = '/ad/insert/3', label = 'Ajouter une vidéo') {
    signIn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(formGateway([]));
    renderApp(path);
    const form = await screen.findByRole('form', { name: path.startsWith('/ar') ? 'الصور والفيديو' : 'Photos et vidéo' });
    return { form, input: within(form).getByLabelText(label) };
  }

  it.each([
    ['of 30 MB or more', { seconds: 20, width: 1280, height: 720 }, 30 * 1024 * 1024, 'grosse.mp4 : La vidéo doit faire moins de 30 Mo'],
    ['of 60 seconds or more', { seconds: 60, width: 1280, height: 720 }, 5 * 1024 * 1024, 'longue.mp4 : La vidéo doit durer moins de 60 secondes'],
    ['in portrait', { seconds: 20, width: 720, height: 1280 }, 5 * 1024 * 1024, 'portrait.mp4 : La vidéo doit être au format paysage'],
    ['square', { seconds: 20, width: 720, height: 720 }, 5 * 1024 * 1024, 'carree.mp4 : La vidéo doit être au format paysage'],
  ])('refuses a video %s before sending it', async (_what, metadata, bytes, message) => {
    const restore = installFakeXhr();
    try {
      fakeVideoMetadata(metadata);
      const { form, input } = await videoInput();
      fireEvent.change(input, { target: { files: [video(message.split(' ')[0] ?? '', bytes)] } });
      expect(await within(form).findByRole('alert')).toHaveTextContent(message);
      expect(FakeXhr.instances).toHaveLength(0);
      expect(within(form).queryByText('Vidéo ajoutée.')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('says so in Arabic too', async () => {
    const restore = installFakeXhr();
    try {
      fakeVideoMetadata({ seconds: 75, width: 1920, height: 1080 });
      const { form, input } = await videoInput('/ar/ad/insert/3', 'إضافة فيديو');
      fireEvent.change(input, { target: { files: [video('رحلة.mp4')] } });
      expect(await within(form).findByRole('alert')).toHaveTextContent('رحلة.mp4: يجب أن تقل مدة الفيديو عن 60 ثانية');
    } finally {
      restore();
    }
  });

  it('sends a landscape video under a minute and 30 MB with its progress', async () => {
    const restore = installFakeXhr();
    try {
      fakeVideoMetadata({ seconds: 59.5, width: 1280, height: 720 });
      const { form, input } = await videoInput();
      fireEvent.change(input, { target: { files: [video('balade.mp4', 30 * 1024 * 1024 - 1)] } });
      const progress = await within(form).findByRole('progressbar', { name: 'Envoi de la vidéo' });
      expect(FakeXhr.instances.map((x) => x.url)).toEqual(['/api/ads/videos']);
      FakeXhr.instances[0]?.progress(25, 100);
      expect(progress).toHaveAttribute('aria-valuenow', '25');
      await FakeXhr.instances[0]?.answer(201, { mediaId: 'v1', urls: { thumb: '/t.jpg', medium: '/m.jpg', large: '/l.jpg' } });
      expect(await within(form).findByText('Vidéo ajoutée.')).toBeInTheDocument();
      expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});
