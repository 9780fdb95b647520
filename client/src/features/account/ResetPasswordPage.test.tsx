// Password reset: by phone (code, then the new password), by e-mail (the link is sent), and
// from the e-mailed link (?token=), with the server's errors translated.

import { fireEvent, screen } from '@testing-library/react';
import { gateway, graphqlError, pending, type GatewayCall } from '../../../test/fixtures';
import { renderApp } from '../../../test/renderApp';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function choosePassword(password: string) {
  type('Nouveau mot de passe', password);
  type('Confirmation du mot de passe', password);
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
}

describe('password reset (/account/reset-password)', () => {
  it('resets by phone: a code, then the new password', async () => {
    const calls: GatewayCall[] = [];
    let resets = 0;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway(
        {
          requestAccountRecoveryByPhone: () => ({ phone: '0612345678' }),
          resetMyPassword: () => {
            resets += 1;
            return resets === 1 ? graphqlError('CODE_INVALID', 'otp.error.invalid', 'x') : { code: 200 };
          },
        },
        calls,
      ),
    );
    renderApp('/fr/account/reset-password');

    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Par téléphone (code)' })).toBeChecked();
    type('Numéro de téléphone', '06 12 34 56 78');
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un code' }));

    await screen.findByLabelText('Code à 6 chiffres');
    type('Code à 6 chiffres', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    choosePassword('nouveau1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Code incorrect');

    fireEvent.click(screen.getByRole('button', { name: 'Saisir un autre code' }));
    type('Code à 6 chiffres', '222222');
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }));
    choosePassword('nouveau1');

    expect(await screen.findByText('Votre mot de passe a été modifié. Vous pouvez vous connecter.')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getAllByRole('link', { name: 'Se connecter' }).at(-1) ?? null);
    expect(calls.filter((call) => call.operationName === 'resetMyPassword').map((call) => call.variables)).toEqual([
      { input: { phone: '0612345678', code: '111111', password: 'nouveau1', passwordConfirmation: 'nouveau1' } },
      { input: { phone: '0612345678', code: '222222', password: 'nouveau1', passwordConfirmation: 'nouveau1' } },
    ]);
    expect(calls.find((call) => call.operationName === 'requestAccountRecoveryByPhone')?.variables).toEqual({
      input: { phone: '0612345678' },
    });
  });

  it('says when no account has that phone', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ requestAccountRecoveryByPhone: () => graphqlError('ACCOUNT_NOT_FOUND', 'account.error.notFound', 'x') }),
    );
    renderApp('/account/reset-password');
    await screen.findByLabelText('Numéro de téléphone');
    type('Numéro de téléphone', '0699999999');
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Aucun compte ne correspond');
  });

  it('sends the link by e-mail, with a loader while it goes', async () => {
    let answer: (value: unknown) => void = () => undefined;
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ requestAccountRecovery: () => new Promise((resolve) => (answer = resolve)) }),
    );
    renderApp('/account/reset-password');
    fireEvent.click(await screen.findByRole('radio', { name: 'Par e-mail (lien)' }));
    type('Adresse e-mail', 'contact@auto.ma');
    fireEvent.click(screen.getByRole('button', { name: 'Recevoir un lien' }));

    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    answer({ email: 'contact@auto.ma' });
    expect(await screen.findByText(/Si un compte existe pour \u2066contact@auto\.ma\u2069,/)).toBeInTheDocument();
  });

  it('chooses the new password from the e-mailed link, and says when the link is spent', async () => {
    const calls: GatewayCall[] = [];
    jest.spyOn(globalThis, 'fetch').mockImplementation(
      gateway({ resetMyPassword: () => graphqlError('INVALID_RESET_LINK', 'recovery.error.invalidLink', 'x') }, calls),
    );
    const { unmount } = renderApp('/fr/account/reset-password?token=abc123');
    await screen.findByLabelText('Nouveau mot de passe');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    type('Nouveau mot de passe', 'abc');
    expect(screen.getByLabelText('Nouveau mot de passe')).toHaveAccessibleDescription(/au moins 5 caractères$/);
    choosePassword('nouveau1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Ce lien n\'est plus valable. Demandez-en un nouveau');
    expect(calls.find((call) => call.operationName === 'resetMyPassword')?.variables).toEqual({
      input: { token: 'abc123', password: 'nouveau1', passwordConfirmation: 'nouveau1' },
    });
    unmount();

    jest.spyOn(globalThis, 'fetch').mockImplementation(gateway({ resetMyPassword: () => pending() }));
    renderApp('/ar/account/reset-password?token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: 'نسيت كلمة المرور' })).toBeInTheDocument();
  });
});
