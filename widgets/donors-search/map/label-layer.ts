import * as L from 'leaflet';
import { afterNextFrame } from '../after-next-frame.ts';
import type { LatLng } from '../donation.ts';
import type { MarkerSpec } from '../map-picture.ts';
import { fanOut } from './fan-out.ts';
import { markerLabel } from './marker-label.ts';

/** Labels added per frame, so that thousands of markers never block the page for long. */
const LABELS_PER_FRAME = 500;

/**
 * A label's width for its text (digits, about 7 px each at the markers' font, plus padding and
 * border), so that it can be centred on its point with margins alone. Labels of one character keep
 * the stylesheet's 24 px.
 */
const labelWidth = (label: string) => Math.max(24, 14 + 8 * label.length);
const LABEL_HEIGHT = 24;

interface Placed {
  element: HTMLElement;
  position: LatLng;
  offset: readonly [number, number];
  /** Half the label's width and height: the element's corner is placed this far from its point. */
  half: readonly [number, number];
}

/**
 * Every marker of a search as plain elements in one container. An `L.Marker` per donation would
 * register map listeners each (Leaflet looks them up linearly, so thousands of markers cost seconds
 * to add and remove) and a compositing layer each; here one listener repositions them all after a
 * zoom, and clearing a search removes one element. Markers sharing a point fan out around it.
 *
 * Labels are added in chunks, one chunk per frame, each in a task of its own. What keeps each frame
 * short at thousands of labels: a chunk is one box laid out apart from the others (`contain: size
 * layout`), and its labels are not positioned elements but items stacked in the one cell of a grid
 * and moved by their margins. A positioned element or a `transform` per label would give each label a
 * paint layer or a paint property node of its own, which Chromium walks, paints and layerizes again in
 * every later frame.
 */
export class LabelLayer extends L.Layer {
  private container: HTMLElement | undefined;
  private centre: { position: LatLng; title: string } | undefined;
  private markers: readonly MarkerSpec[] = [];
  private offsets: [number, number][] = [];
  private placed: Placed[] = [];
  private cancel = () => {};

  override onAdd(): this {
    this.container = L.DomUtil.create(
      'div',
      'donors-search-labels leaflet-zoom-hide',
      this.getPane('markerPane'),
    );
    this.render();
    return this;
  }

  override onRemove(): this {
    this.cancel();
    this.container?.remove();
    this.container = undefined;
    return this;
  }

  override getEvents() {
    return { viewreset: this.reposition, zoomend: this.reposition };
  }

  /** The centre marker, drawn above the others. */
  setCentre(position: LatLng, title: string): void {
    this.centre = { position, title };
    this.render();
  }

  setMarkers(markers: readonly MarkerSpec[]): void {
    this.markers = markers;
    this.offsets = fanOut(markers.map((marker) => marker.position));
    this.render();
  }

  private render(): void {
    this.cancel();
    this.placed = [];
    const container = this.container;
    if (!container) return;
    container.replaceChildren();
    if (this.centre) {
      const { position, title } = this.centre;
      const centre = markerLabel(container.ownerDocument, '', title, true);
      this.place(container, { element: centre, position, offset: [0, 0], half: [0, 0] });
    }
    // The first labels wait for the frame after the caller has moved the map.
    this.cancel = afterNextFrame(() => this.addFrom(0));
  }

  private addFrom(start: number): void {
    const container = this.container;
    if (!container) return;
    const end = Math.min(this.markers.length, start + LABELS_PER_FRAME);
    // Each chunk's labels go into a box of their own, sized and laid out apart from the rest
    // (`contain: size layout`), so that adding a chunk lays out and paints that chunk alone,
    // not every label already on the map.
    const chunk = container.ownerDocument.createElement('div');
    chunk.className = 'donors-search-chunk';
    for (let i = start; i < end; i++) {
      const { position, title, label } = this.markers[i] as MarkerSpec;
      const element = markerLabel(container.ownerDocument, label, title);
      const width = labelWidth(label);
      if (label.length > 1) element.style.width = `${width}px`;
      const offset = this.offsets[i] ?? [0, 0];
      this.place(chunk, { element, position, offset, half: [width / 2, LABEL_HEIGHT / 2] });
    }
    container.append(chunk);
    if (end < this.markers.length) this.cancel = afterNextFrame(() => this.addFrom(end));
  }

  private place(parent: Node, placed: Placed): void {
    this.placed.push(placed);
    this.move(placed);
    parent.appendChild(placed.element);
  }

  /** The centre marker is positioned (by `left`/`top`); the others are moved by their margins. */
  private move({ element, position, offset: [dx, dy], half: [halfWidth, halfHeight] }: Placed): void {
    const point = this._map.latLngToLayerPoint(position);
    const x = `${Math.round(point.x + dx - halfWidth)}px`;
    const y = `${Math.round(point.y + dy - halfHeight)}px`;
    if (halfWidth === 0) {
      element.style.left = x;
      element.style.top = y;
    } else {
      element.style.margin = `${y} 0 0 ${x}`;
    }
  }

  private readonly reposition = (): void => {
    for (const placed of this.placed) this.move(placed);
  };
}
