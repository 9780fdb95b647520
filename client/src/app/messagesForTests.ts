// Both languages' whole text, loaded at once, for tests that render with a fixed language
// outside the app's provider (the app loads one language at a time: messages.ts). Never
// imported by the app itself.

import ownAr from '../locales/ar.json';
import ownFr from '../locales/fr.json';
import serverAr from '../generated/messages.ar.json';
import serverFr from '../generated/messages.fr.json';
import type { Messages } from './messages';

export const frMessages: Messages = { ...ownFr, ...serverFr };
export const arMessages: Messages = { ...ownAr, ...serverAr };
