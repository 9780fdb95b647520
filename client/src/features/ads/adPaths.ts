// Ad URLs (spec §2): the canonical `/vi/{listId}.htm` and the listing form
// `/{region}/{category}/{slug}_{listId}.htm`; reading the list id back from either.

export function adPath(listId: number): string {
  return `/vi/${listId}.htm`;
}

/** The list id at the end of `12345.htm` or `some-slug_12345.htm`, or undefined. */
export function listIdFromFile(file: string | undefined): number | undefined {
  const match = /(?:^|_)(\d{1,12})\.htm$/.exec(file ?? '');
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
