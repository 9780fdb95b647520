import { adPath, listIdFromFile } from './adPaths';

describe('ad paths', () => {
  it('builds the canonical ad path', () => {
    expect(adPath(10000001)).toBe('/vi/10000001.htm');
  });

  it('reads the list id of both URL forms', () => {
    expect(listIdFromFile('10000001.htm')).toBe(10000001);
    expect(listIdFromFile('dacia-logan-2018_10000042.htm')).toBe(10000042);
  });

  it('refuses what is not an ad file', () => {
    expect(listIdFromFile('abc.htm')).toBeUndefined();
    expect(listIdFromFile('123.html')).toBeUndefined();
    expect(listIdFromFile('0.htm')).toBeUndefined();
    expect(listIdFromFile(undefined)).toBeUndefined();
  });
});
