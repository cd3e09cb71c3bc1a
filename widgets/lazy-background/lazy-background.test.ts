import { readFileSync } from 'node:fs';
import urlOrPathCases from '../../src/shared/url-or-path.cases.json' with { type: 'json' };
import { createTestContext } from '../../test/island-context.ts';
import { LOADED_CLASS, mount } from './index.ts';
import { ROOT_MARGIN } from './near-viewport.ts';

const markup = readFileSync(`${import.meta.dirname}/markup.html`, 'utf8');

/** Stands in for IntersectionObserver: the test decides when a section comes near. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
    this.disconnected = true;
  }
  report(element: Element, isIntersecting: boolean) {
    const entry = { target: element, isIntersecting } as IntersectionObserverEntry;
    this.callback([entry], this as unknown as IntersectionObserver);
  }
}

let disposers: (() => void)[] = [];

function render(html = markup) {
  document.body.innerHTML = html;
  const sections = Array.from(document.querySelectorAll<HTMLElement>('[data-lazy-background]'));
  disposers = sections.map((section) => mount(section, createTestContext('lazy-background')));
  return sections;
}

const loaded = (section: Element) => section.classList.contains(LOADED_CLASS);

afterEach(() => {
  for (const dispose of disposers) dispose();
  vi.unstubAllGlobals();
  FakeObserver.instances = [];
});

describe('lazy-background without IntersectionObserver', () => {
  it('loads every background at once', () => {
    const sections = render();
    expect(sections).toHaveLength(2);
    expect(sections.every(loaded)).toBe(true);
    expect(sections[0]?.style.backgroundImage).toBe(
      'url("http://localhost:3000/images/backgrounds/truck.svg")',
    );
    expect(sections[1]?.style.backgroundImage).toBe('');
  });
});

describe('lazy-background with IntersectionObserver', () => {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeObserver));
  const observer = () => FakeObserver.instances[0] as FakeObserver;

  it('shares one observer with a 200px margin above and below between all sections', () => {
    const sections = render();
    expect(FakeObserver.instances).toHaveLength(1);
    expect(observer().options).toEqual({ rootMargin: ROOT_MARGIN });
    expect(ROOT_MARGIN).toBe('200px 0px');
    expect([...observer().observed]).toEqual(sections);
  });

  it('loads nothing until a section comes near, then only that section, and stops observing it', () => {
    const [first, second] = render() as [HTMLElement, HTMLElement];
    expect(loaded(first) || loaded(second)).toBe(false);
    expect(first.style.backgroundImage).toBe('');
    observer().report(first, false);
    expect(loaded(first)).toBe(false);
    observer().report(first, true);
    expect(loaded(first)).toBe(true);
    expect(first.style.backgroundImage).toContain('truck.svg');
    expect(loaded(second)).toBe(false);
    expect(observer().observed.has(first)).toBe(false);
  });

  it('disconnects the observer once every section has loaded', () => {
    const sections = render();
    for (const section of sections) observer().report(section, true);
    expect(observer().disconnected).toBe(true);
  });

  it('loads every waiting background before printing', () => {
    const sections = render();
    window.dispatchEvent(new Event('beforeprint'));
    expect(sections.every(loaded)).toBe(true);
    expect(observer().disconnected).toBe(true);
  });

  it('observes a section added later through its own mount, with the same observer', () => {
    render();
    document.body.insertAdjacentHTML('beforeend', '<div data-lazy-background="/late.jpg"></div>');
    const late = document.body.lastElementChild as HTMLElement;
    disposers.push(mount(late, createTestContext('lazy-background')));
    expect(FakeObserver.instances).toHaveLength(1);
    observer().report(late, true);
    expect(late.style.backgroundImage).toBe('url("http://localhost:3000/late.jpg")');
  });

  it('stops waiting on dispose', () => {
    const [first] = render() as [HTMLElement];
    disposers[0]?.();
    expect(observer().observed.has(first)).toBe(false);
    window.dispatchEvent(new Event('beforeprint'));
    expect(loaded(first)).toBe(false);
  });
});

describe('the background URL', () => {
  it.each([
    ['/images/a.jpg', 'url("http://localhost:3000/images/a.jpg")'],
    ['  https://cdn.example.org/a b.jpg  ', 'url("https://cdn.example.org/a%20b.jpg")'],
    ['images/a.jpg?size=2x', 'url("http://localhost:3000/images/a.jpg?size=2x")'],
    ['/a.jpg?x=\\"', 'url("http://localhost:3000/a.jpg?x=\\\\%22")'],
  ])('%j becomes %s', (value, css) => {
    const [section] = render(`<div data-lazy-background="${value.replace(/"/g, '&quot;')}"></div>`);
    expect(section?.style.backgroundImage).toBe(css);
  });

  // Not the config's URL-or-path rule (see backgroundUrl): the browser resolves these in any markup.
  it.each([
    ['//cdn.example.org/a.jpg', 'url("http://cdn.example.org/a.jpg")'],
    ['/\\cdn.example.org/a.jpg', 'url("http://cdn.example.org/a.jpg")'],
    ['HTTPS://cdn.example.org/a.jpg', 'url("https://cdn.example.org/a.jpg")'],
  ])(
    '%j, which a page config may not hold, loads as the browser resolves it in the page: %s',
    (value, css) => {
      const [section] = render(`<div data-lazy-background="${value}"></div>`);
      expect(section?.style.backgroundImage).toBe(css);
    },
  );

  it.each(urlOrPathCases.filter(([, taken]) => taken).map(([value]) => value as string))(
    'takes %j, as the plugin’s image setting does',
    (value) => {
      const [section] = render(`<div data-lazy-background="${value}"></div>`);
      expect(section?.style.backgroundImage).toBe(`url("${new URL(value, document.baseURI).href}")`);
    },
  );

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'http://[bad'])(
    'rejects %j, naming it',
    (value) => {
      document.body.innerHTML = '<div></div>';
      const section = document.body.firstElementChild as HTMLElement;
      section.setAttribute('data-lazy-background', value);
      expect(() => mount(section, createTestContext('lazy-background'))).toThrow(`got "${value}"`);
    },
  );
});

describe('Elementor containers', () => {
  const container = '<div class="e-con e-parent" data-lazy-background></div>';

  it('are left to Elementor when its lazy-load script ran', () => {
    vi.stubGlobal('lazyloadRunObserver', () => {});
    const [section] = render(container) as [HTMLElement];
    expect(loaded(section)).toBe(false);
    expect(section).not.toHaveClass('e-lazyloaded');
  });

  it("get Elementor's e-lazyloaded class when its script could not run", () => {
    const [section] = render(container) as [HTMLElement];
    expect(section).toHaveClass(LOADED_CLASS, 'e-lazyloaded');
  });
});
