// Component and unit tests (jsdom with fetch/TextEncoder via jest-fixed-jsdom).

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'jest-fixed-jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  moduleNameMapper: { '\\.css$': '<rootDir>/test/styleMock.cjs' },
  // react-intl and @formatjs ship ES modules only: let babel transform them.
  transformIgnorePatterns: ['/node_modules/(?!(react-intl|@formatjs|intl-messageformat)/)'],
  clearMocks: true,
  restoreMocks: true,
};
