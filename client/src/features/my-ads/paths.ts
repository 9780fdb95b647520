// Paths of the ad form for one of my ads (spec §2: /ad/insert/{step}, /ad/edit/{id}/{step}).

export function myAdEditPath(adId: string, step = 1): string {
  return `/ad/edit/${adId}/${String(step)}`;
}

export function adInsertPath(step = 1): string {
  return `/ad/insert/${String(step)}`;
}
