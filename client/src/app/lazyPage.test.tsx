import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { lazyPage } from './lazyPage';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function Hello({ name }: { name: string }) {
  return <h1>Bonjour {name}</h1>;
}

test('a page not loaded yet shows the fallback, then itself', async () => {
  const gate = deferred();
  const Page = lazyPage<{ name: string }>(() => gate.promise.then(() => ({ default: Hello })));
  render(
    <Suspense fallback={<p>chargement</p>}>
      <Page name="Amal" />
    </Suspense>,
  );
  expect(screen.getByText('chargement')).toBeInTheDocument();
  await act(async () => {
    gate.resolve();
    await gate.promise;
  });
  expect(await screen.findByRole('heading', { name: 'Bonjour Amal' })).toBeInTheDocument();
});

test('a preloaded page renders in the first commit, without the fallback', async () => {
  let loads = 0;
  const Page = lazyPage<{ name: string }>(() => {
    loads += 1;
    return Promise.resolve({ default: Hello });
  });
  await Page.preload();
  render(
    <Suspense fallback={<p>chargement</p>}>
      <Page name="Amal" />
    </Suspense>,
  );
  expect(screen.getByRole('heading', { name: 'Bonjour Amal' })).toBeInTheDocument();
  expect(screen.queryByText('chargement')).not.toBeInTheDocument();
  await Page.preload();
  expect(loads).toBe(1);
});

test('a failed load can be tried again', async () => {
  let attempts = 0;
  const Page = lazyPage<{ name: string }>(() => {
    attempts += 1;
    return attempts === 1 ? Promise.reject(new Error('réseau')) : Promise.resolve({ default: Hello });
  });
  await expect(Page.preload()).rejects.toThrow('réseau');
  await Page.preload();
  expect(attempts).toBe(2);
});
