import * as L from 'leaflet';
import type { LatLng } from '../search/donation.ts';
import type { DonationClusters, MapItem } from './donation-clusters.ts';
import { markerLabel } from './marker-label.ts';

/** Markers are drawn this far past the edges too (a share of the view), so a small pan shows no gap. */
const VIEW_PADDING = 0.25;

/**
 * The search's markers on Leaflet: the clusters and donations of the view at its zoom, drawn again
 * after every move. A view holds tens of markers whatever the number of donations, so each is a
 * plain element placed by `left`/`top`, with one delegated click listener for all of them.
 */
export class ClusterLayer extends L.Layer {
  private container: HTMLElement | undefined;
  private centre: { position: LatLng; title: string } | undefined;
  private clusters: DonationClusters | undefined;
  private items = new Map<string, MapItem>();
  /** Counts renders, so that only the newest one's answer is drawn. */
  private renders = 0;

  constructor(private readonly chose: (item: MapItem) => void) {
    super();
  }

  override onAdd(): this {
    const container = L.DomUtil.create(
      'div',
      'donors-search-labels leaflet-zoom-hide',
      this.getPane('markerPane'),
    );
    L.DomEvent.disableClickPropagation(container);
    container.addEventListener('click', this.onClick);
    this.container = container;
    this.render();
    return this;
  }

  override onRemove(): this {
    this.renders++;
    this.container?.remove();
    this.container = undefined;
    return this;
  }

  override getEvents() {
    return { viewreset: this.render, moveend: this.render };
  }

  /** The centre marker, drawn beneath the others. */
  setCentre(position: LatLng, title: string): void {
    this.centre = { position, title };
  }

  setClusters(clusters: DonationClusters): void {
    this.clusters = clusters;
    this.render();
  }

  /** Asks for the view's items at its zoom, and draws them when they come (unless another render began). */
  readonly render = (): void => {
    if (!this.container) return;
    const render = ++this.renders;
    if (!this.clusters) {
      this.draw([]);
      return;
    }
    const view = this._map.getBounds().pad(VIEW_PADDING);
    const bounds = {
      south: view.getSouth(),
      west: view.getWest(),
      north: view.getNorth(),
      east: view.getEast(),
    };
    void this.clusters.itemsIn(bounds, this._map.getZoom()).then((items) => {
      if (items && render === this.renders) this.draw(items);
    });
  };

  private draw(items: readonly MapItem[]): void {
    const container = this.container;
    if (!container) return;
    const doc = container.ownerDocument;
    const elements: HTMLElement[] = [];
    this.items.clear();
    // First, so every count is painted over it (marker-label.ts says why).
    if (this.centre) {
      const { position, title } = this.centre;
      elements.push(this.place(markerLabel(doc, '', title, 'centre'), position));
    }
    for (const item of items) {
      const element = markerLabel(doc, item.label, item.title, item.kind, item.chosen);
      element.dataset.key = item.key;
      this.items.set(item.key, item);
      elements.push(this.place(element, item.position));
    }
    container.replaceChildren(...elements);
  }

  private place(element: HTMLElement, position: LatLng): HTMLElement {
    const point = this._map.latLngToLayerPoint(position);
    element.style.left = `${Math.round(point.x)}px`;
    element.style.top = `${Math.round(point.y)}px`;
    return element;
  }

  private readonly onClick = (event: MouseEvent): void => {
    const key = (event.target as Element).closest<HTMLElement>('[data-key]')?.dataset.key;
    const item = key === undefined ? undefined : this.items.get(key);
    if (item) this.chose(item);
  };
}
