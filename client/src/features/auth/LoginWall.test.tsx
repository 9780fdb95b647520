// The login wall: an action that needs a signed-in person opens it and keeps the callback,
// which runs once after sign-in; closing drops it; a signed-in person runs it at once.

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { gateway, graphqlError, tokenPair } from '../../../test/fixtures';
import { I18nProvider } from '../../app/i18n';
import { createAppStore } from '../../app/store';
import { ToastRegion } from '../../ui/ToastRegion';
import { LoginWall } from './LoginWall';
import { useRequireSignIn } from './loginWall';

function SaveButton({ onSave }: { onSave: () => void }) {
  const requireSignIn = useRequireSignIn();
  return (
    <button
      type="button"
      onClick={() => {
        requireSignIn(onSave);
      }}
    >
      Sauvegarder
    </button>
  );
}

function renderWithWall(onSave: () => void) {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/fr']}>
        <I18nProvider>
          <SaveButton onSave={onSave} />
          <LoginWall />
          <ToastRegion />
        </I18nProvider>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

async function signInThroughWall() {
  const dialog = await screen.findByRole('dialog', { name: 'Connectez-vous pour continuer' });
  fireEvent.change(screen.getByLabelText('Numéro de téléphone'), { target: { value: '0612345678' } });
  fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: 'souk-demo-2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
  return dialog;
}

describe('login wall', () => {
  it('opens for a visitor and runs the kept callback once after sign-in', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ loginByIdentifier: () => tokenPair() }));
    const onSave = jest.fn();
    const store = renderWithWall(onSave);

    fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    const dialog = await signInThroughWall();

    await waitFor(() => {
      expect(dialog).not.toBeInTheDocument();
    });
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.user?.name).toBe('Yassine El Amrani');

    // Signed in now: the action runs at once, without the wall.
    fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on a failed sign-in and drops the callback when closed', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ loginByIdentifier: () => graphqlError('NOT_AUTHORIZED', 'login.error.notAuthorized', 'x') }),
    );
    const onSave = jest.fn();
    renderWithWall(onSave);

    fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    const dialog = await signInThroughWall();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Vous n'êtes pas autorisé. Veuillez contacter le service client",
    );
    expect(dialog).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('takes the focus when it opens and closes with Escape', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway());
    const onSave = jest.fn();
    renderWithWall(onSave);

    fireEvent.click(screen.getByRole('button', { name: 'Sauvegarder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connectez-vous pour continuer' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(onSave).not.toHaveBeenCalled();
  });
});
