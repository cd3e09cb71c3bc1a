import { claimSearchIds as claimIds, FIRST_COPY_IDS } from './search-ids.ts';

const releases: (() => void)[] = [];
/** Claims as a mount does, and gives the ids back after the test as its dispose would. */
const claimSearchIds = (host: Element) => {
  const claim = claimIds(host);
  releases.push(claim.release);
  return claim;
};

/** A donors-search host appended to `parent`. */
const pasteHost = (parent: ParentNode = document.body) => {
  const host = document.createElement('div');
  host.dataset.island = 'donors-search';
  parent.append(host);
  return host;
};

afterEach(() => {
  for (const release of releases.splice(0)) release();
  document.body.replaceChildren();
});

describe('claimSearchIds', () => {
  test('gives the original ids to the first search in document order, whichever mounts first', () => {
    const first = pasteHost();
    const second = pasteHost();
    const later = claimSearchIds(second);
    const earlier = claimSearchIds(first);
    expect(earlier.ids).toEqual(FIRST_COPY_IDS);
    expect(later.ids.zipcode).toBe('zipcode-2');
    expect(later.ids.map).toBe('map-2');
    expect(later.ids.table).toBe('donors-in-your-area-table-2');
    expect(later.ids.count).toBe('display_count-2');
  });

  test('never gives a number a mounted search holds, and takes a released one back', () => {
    const first = pasteHost();
    const held = claimSearchIds(first);
    const inserted = pasteHost();
    document.body.prepend(inserted);
    const claim = claimSearchIds(inserted);
    expect(claim.ids.form).toBe('donors-in-your-area-2');
    held.release();
    claim.release();
    expect(claimSearchIds(inserted).ids).toEqual(FIRST_COPY_IDS);
  });

  test('counts each shadow root on its own, since ids are unique per tree', () => {
    claimSearchIds(pasteHost());
    const shadow = document.createElement('div');
    document.body.append(shadow);
    const inside = pasteHost(shadow.attachShadow({ mode: 'open' }));
    expect(claimSearchIds(inside).ids).toEqual(FIRST_COPY_IDS);
  });
});
