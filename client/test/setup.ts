// Jest setup for every test file: jest-dom matchers, a clean browser state per test, and a
// failure whenever React or a library reports a console error or warning.

import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { loadMessages } from '../src/app/messages';
import { setSessionSocketFactory } from '../src/realtime/socket';
import { FakeChatSocket } from './fakeChatSocket';

// Lazy pages load their chunk on first use; on a busy shared machine that takes more than the
// default second.
configure({ asyncUtilTimeout: 4000 });

let reported: string[] = [];

// The entry loads the page language's text before rendering; tests render at once, so both
// languages are loaded first.
beforeAll(async () => {
  await Promise.all([loadMessages('fr'), loadMessages('ar')]);
});

function stringify(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

beforeEach(() => {
  reported = [];
  // No test reaches a real socket: a silent one unless the test installs its own.
  setSessionSocketFactory(() => new FakeChatSocket());
  const record = (level: string) => (...args: unknown[]) => {
    reported.push(`console.${level}: ${args.map(stringify).join(' ')}`);
  };
  jest.spyOn(console, 'error').mockImplementation(record('error'));
  jest.spyOn(console, 'warn').mockImplementation(record('warn'));
});

afterEach(() => {
  clearCookies();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  if (reported.length > 0) {
    throw new Error(`Unexpected console output:\n${reported.join('\n')}`);
  }
});
